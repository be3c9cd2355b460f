import type { Pet } from '@animal-store/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PetList, type PetListView } from './pet-list';

const PETS: Pet[] = [
  { id: 1, name: 'Rex', categoryId: 10, status: 'available' },
  { id: 2, name: 'Tom', categoryId: 20, status: 'pending' },
  { id: 3, name: 'Kiki', categoryId: 30 },
];

function renderList(view: PetListView, status?: Pet['status'], canAdd = true) {
  const handlers = { onOpen: vi.fn(), onRetry: vi.fn(), onClearFilter: vi.fn() };
  render(
    <PetList
      view={view}
      status={status}
      canAdd={canAdd}
      caption="Animals in production, page 1"
      {...handlers}
    />,
  );
  return handlers;
}

describe('PetList', () => {
  it('announces loading and shows placeholder rows, not a table', () => {
    renderList({ kind: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading animals…');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('invites to add the first animal when the catalogue is empty', () => {
    renderList({ kind: 'data', pets: [], busy: false });
    expect(screen.getByRole('status').textContent).toBe(
      'No animals in the catalogue yetAdd the first one with the form “Add an animal”.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('points to no add form when the key may not add animals', () => {
    renderList({ kind: 'data', pets: [], busy: false }, undefined, false);
    expect(screen.getByRole('status').textContent).toBe('No animals in the catalogue yet');
  });

  it('offers to clear the filter when no animal has the chosen status', async () => {
    const { onClearFilter } = renderList({ kind: 'data', pets: [], busy: false }, 'sold');
    expect(screen.getByText('No animals with status “sold”')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Show all statuses' }));
    expect(onClearFilter).toHaveBeenCalledOnce();
  });

  it("shows the store's message as an alert with a way to try again", async () => {
    const { onRetry } = renderList({
      kind: 'error',
      message: 'Database unreachable; retry later.',
      retrying: false,
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The catalogue could not be loaded')).toBeDefined();
    expect(within(alert).getByText('Database unreachable; retry later.')).toBeDefined();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('takes the focus the vanished pager had, and brings itself into view', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    onTestFinished(() => scrolled.mockRestore());
    renderList({ kind: 'error', message: 'The store could not be reached.', retrying: false });
    const alert = screen.getByRole('alert');
    expect(document.activeElement).toBe(alert);
    expect(scrolled.mock.contexts).toStrictEqual([alert]);
  });

  it('leaves the focus and the scroll alone when the admin is busy elsewhere', () => {
    const input = document.body.appendChild(document.createElement('input'));
    onTestFinished(() => input.remove());
    input.focus();
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    onTestFinished(() => scrolled.mockRestore());
    renderList({ kind: 'error', message: 'The store could not be reached.', retrying: false });
    expect(document.activeElement).toBe(input);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('lists id, name, category and status as a badge, one row per animal', () => {
    renderList({ kind: 'data', pets: PETS, busy: false });
    const table = screen.getByRole('table', { name: 'Animals in production, page 1' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toStrictEqual([
      ['ID', 'Name', 'Category', 'Status'],
      ['1', 'Rex', '10', 'available'],
      ['2', 'Tom', '20', 'pending'],
      ['3', 'Kiki', '30', 'not set'],
    ]);
    expect(within(table).getByText('pending').className).toBe('badge badge-pending');
    expect(table.getAttribute('aria-busy')).toBe('false');
  });

  it('opens the details of the animal whose name is chosen', async () => {
    const { onOpen } = renderList({ kind: 'data', pets: PETS, busy: true });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Tom' }));
    expect(onOpen).toHaveBeenCalledExactlyOnceWith(PETS[1]);
  });
});
