import type { AuditEvent } from '@animal-store/contract';
import { CopyButton } from '../controls/copy-button';
import { formatInstant } from '../keys/instant';
import { eventSentence, type KeyNames, refusalInWords } from './audit-words';

/** Enough of a hash to tell two apart by eye; the copy button gives the whole one. */
const SHORT_HASH = 12;

/** "admin browser rotated “ci pipeline” at 2 Dec 2026, 22:30 from 203.0.113.7", the key's name set apart. */
function EventInWords({ event, names }: { event: AuditEvent; names: KeyNames }) {
  const { actor, doing, target, after } = eventSentence(event, names);
  return (
    <>
      {actor} {doing}
      {target && (
        <>
          {' '}
          <em>{target}</em>
        </>
      )}
      {after} at <time dateTime={event.at}>{formatInstant(event.at)}</time>
      {event.clientAddress !== null && <> from {event.clientAddress}</>}
    </>
  );
}

/** Every event as a row on a wide screen and as a card on a phone (keys.css), newest first as the store lists them. */
export function AuditEventTable({
  events,
  names,
  caption,
  busy,
}: {
  events: readonly AuditEvent[];
  names: KeyNames;
  caption: string;
  busy: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="key-table audit-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">What happened</th>
            <th scope="col">Outcome</th>
            <th scope="col">Request</th>
            <th scope="col">Browser or program</th>
            <th scope="col">Hash</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <th scope="row" className="audit-sentence" tabIndex={-1}>
                <EventInWords event={event} names={names} />
              </th>
              <td data-label="Outcome">
                {event.outcome === 'done' ? (
                  <span className="badge badge-key-active">done</span>
                ) : (
                  <span className="badge badge-key-revoked">{refusalInWords(event.code)}</span>
                )}
              </td>
              <td data-label="Request">
                {event.requestId === null ? (
                  <span className="muted">none</span>
                ) : (
                  <code>{event.requestId}</code>
                )}
              </td>
              <td data-label="Browser or program" className="audit-agent">
                {event.userAgent ?? <span className="muted">not said</span>}
              </td>
              <td data-label="Hash" className="audit-hash">
                <span>
                  <code title={event.hash}>{event.hash.slice(0, SHORT_HASH)}…</code>
                  <CopyButton value={event.hash} label={`the hash of event ${event.id}`} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
