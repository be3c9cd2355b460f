import type { ApiKey, AuditAction, AuditEvent } from '@animal-store/contract';

/** What each action is called in the filter: the admin's words, the store's name in `audit list --action`. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'api_key.created': 'Key created',
  'api_key.rotated': 'Key rotated',
  'api_key.revoked': 'Key revoked',
  'api_key.updated': 'Key changed',
  'api_keys.listed': 'Keys listed (refused)',
  'audit_events.listed': 'History read (refused)',
  'store.restored': 'Store restored from a backup',
  'store.copied': 'Store copied from another database',
};

/** What was done, as a verb phrase before the key's name; a refusal says what was tried. */
const DONE: Record<AuditAction, string> = {
  'api_key.created': 'created',
  'api_key.rotated': 'rotated',
  'api_key.revoked': 'revoked',
  'api_key.updated': 'changed',
  'api_keys.listed': 'listed the keys',
  'audit_events.listed': 'read the history',
  'store.restored': 'restored the store from a backup',
  'store.copied': 'copied the store from another database',
};

const TRIED: Record<AuditAction, string> = {
  'api_key.created': 'tried to create',
  'api_key.rotated': 'tried to rotate',
  'api_key.revoked': 'tried to revoke',
  'api_key.updated': 'tried to change',
  'api_keys.listed': 'tried to list the keys',
  'audit_events.listed': 'tried to read the history',
  'store.restored': 'tried to restore the store',
  'store.copied': 'tried to copy the store',
};

/** The key names the screen knows, by id: an event names keys by id only, and a key keeps its name. */
export type KeyNames = ReadonlyMap<string, Pick<ApiKey, 'name' | 'prefix'>>;

export function keyNamesOf(keys: readonly ApiKey[] | undefined): KeyNames {
  return new Map((keys ?? []).map((key) => [String(key.id), key]));
}

/** A key named as the Keys screen names it, or by its id when the store no longer lists it. */
export function keyInWords(id: string | number, names: KeyNames): string {
  const key = names.get(String(id));
  return key ? `“${key.name}” (${key.prefix}…)` : `key ${id}`;
}

/** Who acted: a key by the name it had then, a configured key marked as one, or the server's operator. */
export function actorInWords({ actor }: Pick<AuditEvent, 'actor'>): string {
  if (actor.type === 'operator') return `the operator (${actor.name})`;
  if (actor.type === 'configured_key') return `${actor.name} (API_KEYS)`;
  return actor.name;
}

/** The parts of an event's sentence, so that the screen can set the key's name apart. */
export interface EventSentence {
  actor: string;
  doing: string;
  target?: string;
  /** After the target: the successor of a rotation, that a refusal was refused. */
  after: string;
}

/** "admin browser rotated “ci pipeline” (as_Ab12…), replaced by key 9". */
export function eventSentence(event: AuditEvent, names: KeyNames): EventSentence {
  const refused = event.outcome === 'refused';
  const successor =
    !refused && event.successorId !== null ? `, replaced by ${keyInWords(event.successorId, names)}` : '';
  return {
    actor: actorInWords(event),
    doing: (refused ? TRIED : DONE)[event.action],
    ...(event.keyId !== null && { target: keyInWords(event.keyId, names) }),
    after: `${successor}${refused ? ', and was refused' : ''}`,
  };
}

export const sentenceText = ({ actor, doing, target, after }: EventSentence) =>
  [actor, doing, target].filter(Boolean).join(' ') + after;

/** Why the store refused, in words, with its code for a search in the docs. */
export function refusalInWords(code: string | null): string {
  return code === null ? 'Refused' : `Refused: ${code}`;
}
