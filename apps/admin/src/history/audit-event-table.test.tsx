import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditEventTable } from './audit-event-table';
import { auditEvent } from './audit-test-events';
import { keyNamesOf } from './audit-words';

function table(events: Parameters<typeof AuditEventTable>[0]['events']) {
  render(<AuditEventTable events={events} names={keyNamesOf([])} caption="history" busy={false} />);
  return screen.getAllByRole('row').slice(1);
}

describe('AuditEventTable', () => {
  it('shows each event as a sentence with its time and address, then its request, agent and hash', () => {
    const [row] = table([auditEvent(1)]);
    const cells = within(row as HTMLElement);
    const sentence = cells.getByRole('rowheader');
    expect(sentence.textContent).toMatch(
      /^admin browser rotated key 3, replaced by key 9 at .+ from 203\.0\.113\.7$/,
    );
    expect(sentence.querySelector('em')?.textContent).toBe('key 3');
    expect(sentence.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-26T22:30:00.000Z');
    expect(cells.getByText('done')).toBeTruthy();
    expect(cells.getByText('req-1')).toBeTruthy();
    expect(cells.getByText('Mozilla/5.0 (X11; Linux x86_64)')).toBeTruthy();
    // The hash shortened, the whole of it in its title and behind the copy button.
    const hash = auditEvent(1).hash;
    expect(cells.getByTitle(hash).textContent).toBe(`${hash.slice(0, 12)}…`);
    expect(cells.getByRole('button', { name: 'Copy the hash of event 1' })).toBeTruthy();
  });

  it('gives a refusal its code, and says what an operator command did not send', () => {
    const [row] = table([
      auditEvent(2, {
        action: 'api_key.revoked',
        outcome: 'refused',
        code: 'last_key_manager',
        successorId: null,
        requestId: null,
        clientAddress: null,
        userAgent: null,
      }),
    ]);
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Refused: last_key_manager')).toBeTruthy();
    // No address to say it came from.
    expect(cells.getByRole('rowheader').textContent).toMatch(
      /^admin browser tried to revoke key 3, and was refused at /,
    );
    expect(cells.getByRole('rowheader').textContent).not.toContain(' from ');
    expect(cells.getByText('none')).toBeTruthy();
    expect(cells.getByText('not said')).toBeTruthy();
  });
});
