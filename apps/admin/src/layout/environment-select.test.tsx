import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EnvironmentSelect } from './environment-select';

const PRODUCTION = { name: 'production', baseUrl: '/v1' };
const STAGING = { name: 'staging', baseUrl: 'https://staging.example/v1' };

describe('EnvironmentSelect', () => {
  it('is not offered when only one environment is configured', () => {
    render(<EnvironmentSelect environments={[PRODUCTION]} value="production" onChange={() => {}} />);
    expect(screen.queryByLabelText('Environment')).toBeNull();
  });

  it('switches between the configured environments', async () => {
    const onChange = vi.fn();
    render(<EnvironmentSelect environments={[PRODUCTION, STAGING]} value="production" onChange={onChange} />);
    await userEvent.selectOptions(screen.getByLabelText('Environment'), 'staging');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('staging');
  });
});
