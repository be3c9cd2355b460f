import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListControls } from './list-controls';

const START = { status: undefined, limit: 20 };

describe('ListControls', () => {
  it('filters by each status of the contract, or none', async () => {
    const onChange = vi.fn();
    render(<ListControls filter={START} onChange={onChange} />);
    const select = screen.getByLabelText('Status');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toStrictEqual([
      'All statuses',
      'available',
      'pending',
      'sold',
    ]);
    await userEvent.selectOptions(select, 'pending');
    expect(onChange).toHaveBeenLastCalledWith({ status: 'pending', limit: 20 });
  });

  it('takes a page size within the contract bounds', () => {
    const onChange = vi.fn();
    render(<ListControls filter={START} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Page size'), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ status: undefined, limit: 2 });
  });

  it.each([
    ['0', 'Page size must be at least 1.'],
    ['101', 'Page size must be at most 100.'],
    [
      '2.5',
      'Page size must be a whole number written in decimal digits only (no sign, point, exponent or spaces).',
    ],
    ['', 'Page size must not be empty.'],
  ])('refuses the page size %j with the contract message', (value, message) => {
    const onChange = vi.fn();
    render(<ListControls filter={START} onChange={onChange} />);
    const input = screen.getByLabelText('Page size');
    fireEvent.change(input, { target: { value } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(message)).toBeDefined();
    expect(onChange).not.toHaveBeenCalled();
  });
});
