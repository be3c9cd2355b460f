import { type ApiKey, AUDIT_ACTIONS, type AuditAction } from '@animal-store/contract';
import { type FormEvent, useState } from 'react';
import { ACTION_LABELS } from './audit-words';
import type { HistoryFilter } from './use-audit-pages';

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` box shows it: the browser's own clock, to the minute. */
function localBox(instant: string | undefined): string {
  if (instant === undefined) return '';
  const at = new Date(instant);
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** What a `datetime-local` box holds, read on the browser's clock, as the instant the store takes. */
const instantOf = (box: string) => (box === '' ? undefined : new Date(box).toISOString());

/**
 * The store's filters, applied together by **Show**: a key (of the list the Keys screen shows), an action, and a
 * time range, from included to before excluded, on the admin's own clock.
 */
export function HistoryFilters({
  filter,
  keys,
  onChange,
}: {
  filter: HistoryFilter;
  keys: readonly ApiKey[];
  onChange: (filter: HistoryFilter) => void;
}) {
  const [keyId, setKeyId] = useState(filter.keyId ?? '');
  const [action, setAction] = useState<AuditAction | ''>(filter.action ?? '');
  const [since, setSince] = useState(localBox(filter.since));
  const [until, setUntil] = useState(localBox(filter.until));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({
      ...(keyId && { keyId }),
      ...(action && { action }),
      ...(since && { since: instantOf(since) }),
      ...(until && { until: instantOf(until) }),
    });
  };
  return (
    <form className="history-filters" aria-label="Filter the history" onSubmit={submit}>
      <label>
        Key
        <select value={keyId} onChange={(event) => setKeyId(event.target.value)}>
          <option value="">Every key</option>
          {keys.map((key) => (
            <option key={String(key.id)} value={String(key.id)}>
              {key.name} ({key.prefix}…)
            </option>
          ))}
        </select>
      </label>
      <label>
        Action
        <select value={action} onChange={(event) => setAction(event.target.value as AuditAction | '')}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((each) => (
            <option key={each} value={each}>
              {ACTION_LABELS[each]}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input type="datetime-local" value={since} onChange={(event) => setSince(event.target.value)} />
      </label>
      <label>
        Before
        <input type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
      </label>
      <div className="history-filter-buttons">
        <button type="submit">Show</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setKeyId('');
            setAction('');
            setSince('');
            setUntil('');
            onChange({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
