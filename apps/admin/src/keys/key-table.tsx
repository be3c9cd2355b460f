import { type ApiKey, LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { limitInWords, networksInWords } from '../policy/policy-words';
import { UsageSparkline } from '../usage/usage-sparkline';
import { Instant } from './instant';
import { keyLabel } from './key-words';

interface KeyTableProps {
  keys: readonly ApiKey[];
  caption: string;
  /** The key this app is signed in with, marked so that nobody revokes it by mistake. */
  signedInKeyId: ApiKey['id'];
  /** True while the list is asked for again after a change; the rows stay but are marked stale. */
  busy: boolean;
  onRevoke: (key: ApiKey) => void;
  onRotate: (key: ApiKey) => void;
  onShowHistory: (key: ApiKey) => void;
  /** Opens the key's details: its usage chart and the form that changes its name and policy. */
  onShowDetails: (key: ApiKey) => void;
}

const managesKeys = (key: ApiKey) =>
  !key.configured && key.state === 'active' && key.scopes.includes('keys:manage');

/** The store's rule for a manager that stays: not rotated, and not expiring within LASTING_MANAGER_HOURS. */
const lastsAsManager = (key: ApiKey, now: number) =>
  managesKeys(key) &&
  key.rotatedAt === null &&
  (key.expiresAt === null || Date.parse(key.expiresAt) > now + LASTING_MANAGER_HOURS * 3_600_000);

/**
 * The active stored keys that may manage keys whose revocation would leave no other manager that lasts, while no key
 * of the server's settings (`API_KEYS`) can manage keys: the store refuses those revocations (`last_key_manager`),
 * whoever asks, so the screen says so instead of offering them.
 */
function managersTheStoreKeeps(keys: readonly ApiKey[], now: number): Set<ApiKey['id']> {
  if (keys.some((key) => key.configured)) return new Set();
  const lasting = keys.filter((key) => lastsAsManager(key, now));
  return new Set(
    keys
      .filter(managesKeys)
      .filter((key) => !lasting.some((other) => other.id !== key.id))
      .map((key) => key.id),
  );
}

/** Which key a rotation's successor replaced, by the prefix people recognise it by. */
function Replaces({ apiKey, keys }: { apiKey: ApiKey; keys: readonly ApiKey[] }) {
  if (apiKey.replaces === null) return null;
  const replaced = keys.find((each) => each.id === apiKey.replaces);
  return (
    <span className="key-note">replaces {replaced ? `${replaced.prefix}…` : `key ${apiKey.replaces}`}</span>
  );
}

/** Every key as a row on a wide screen and as a card on a phone (layout.css), in the order the store lists them. */
export function KeyTable({
  keys,
  caption,
  signedInKeyId,
  busy,
  onRevoke,
  onRotate,
  onShowHistory,
  onShowDetails,
}: KeyTableProps) {
  const kept = managersTheStoreKeeps(keys, Date.now());
  return (
    <div className="table-scroll">
      <table className="key-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Scopes and policy</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">Last deprecated call</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={String(key.id)}>
              <th scope="row" className="key-name">
                {key.name}
                {key.id === signedInKeyId && <span className="key-tag">signed in</span>}
                <Replaces apiKey={key} keys={keys} />
                {/* Every key has a history, whatever its state: what it did and what was done to it. Under its name,
                    so that the actions column keeps its width. */}
                <span className="key-links">
                  <button
                    type="button"
                    className="link-button key-link"
                    aria-haspopup="dialog"
                    onClick={() => onShowDetails(key)}
                  >
                    Details<span className="visually-hidden"> of {keyLabel(key)}</span>
                  </button>
                  <button type="button" className="link-button key-link" onClick={() => onShowHistory(key)}>
                    History<span className="visually-hidden"> of {keyLabel(key)}</span>
                  </button>
                </span>
              </th>
              <td data-label="Prefix">
                <code>{key.prefix}…</code>
              </td>
              {/* What the key may do, then how much and from where: one column, so that the table fits. */}
              <td data-label="Scopes and policy">
                <span className="key-access">
                  <ul className="scope-list">
                    {key.scopes.map((scope) => (
                      <li key={scope}>{scope}</li>
                    ))}
                  </ul>
                  <span className="key-policy">
                    <span>Limit: {limitInWords(key)}</span>
                    <span>Networks: {networksInWords(key)}</span>
                  </span>
                </span>
              </td>
              <td data-label="Created">
                <Instant value={key.createdAt} none="—" />
              </td>
              <td data-label="Expires">
                <Instant value={key.expiresAt} none="never" />
              </td>
              {/* When it was last used, then how much in the last 7 days: one column, so that the table fits. */}
              <td data-label="Last used">
                <span className="key-use">
                  <Instant value={key.lastUsedAt} none="never" />
                  <UsageSparkline apiKey={key} />
                </span>
              </td>
              <td data-label="Last deprecated call">
                <Instant value={key.deprecatedCallAt} none="never" />
              </td>
              <td data-label="State">
                <span className={`badge badge-key-${key.state}`}>{key.state}</span>
                {key.rotatedAt !== null && key.state === 'active' && (
                  <span className="key-note">
                    rotated: stops <Instant value={key.expiresAt} none="never" />
                  </span>
                )}
              </td>
              <td className="key-actions">
                <KeyActions
                  apiKey={key}
                  isLastManager={kept.has(key.id)}
                  onRevoke={onRevoke}
                  onRotate={onRotate}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A configured key is changed in the server's settings, never through the API; a revoked or expired key can be
 * neither revoked again nor rotated. Each button names its key, as a screen reader lists buttons out of their row.
 */
function KeyActions({
  apiKey,
  isLastManager,
  onRevoke,
  onRotate,
}: Pick<KeyTableProps, 'onRevoke' | 'onRotate'> & { apiKey: ApiKey; isLastManager: boolean }) {
  if (apiKey.configured) return <span className="muted">Set in the server's settings</span>;
  if (apiKey.state !== 'active') return null;
  const label = <span className="visually-hidden"> {keyLabel(apiKey)}</span>;
  return (
    <>
      {/* A key is rotated once: its successor is the one to rotate next. */}
      {apiKey.rotatedAt === null && (
        <button type="button" className="secondary" aria-haspopup="dialog" onClick={() => onRotate(apiKey)}>
          Rotate{label}
        </button>
      )}
      {isLastManager ? (
        <span className="muted">The last key that can manage keys: create another before revoking it</span>
      ) : (
        <button
          type="button"
          className="secondary danger"
          aria-haspopup="dialog"
          onClick={() => onRevoke(apiKey)}
        >
          Revoke{label}
        </button>
      )}
    </>
  );
}
