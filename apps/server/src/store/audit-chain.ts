import { createHash } from 'node:crypto';
import {
  AUDIT_GENESIS_HASH,
  type AuditAction,
  type AuditActorType,
  type AuditEvent,
  type AuditOutcome,
  auditCanonicalForm,
} from '@animal-store/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AuditEventsTable, DatabaseSchema } from '../database/schema.js';
import { storedInstant } from '../database/stored-instant.js';

/** Who acted: a stored key, a key of `API_KEYS`, or an operator's command on the server. */
export interface AuditActor {
  type: AuditActorType;
  /** The acting key's id as text (`12`, `env-1`); null for an operator. */
  keyId: string | null;
  name: string;
}

/** Who asked for an operation, and from where: the request's, or the command line's. */
export interface AuditContext {
  actor: AuditActor;
  requestId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
}

/** What happened, as the operation itself knows it. */
export interface AuditFact {
  action: AuditAction;
  outcome: AuditOutcome;
  code: string | null;
  keyId: number | null;
  successorId?: number | null;
  /** When it happened, as the change recorded it; now when not given. */
  at?: string;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The SHA-256 an event's `hash` must be: of its canonical form, which holds its previous hash. */
export const auditHashOf = (event: Omit<AuditEvent, 'hash'>): string => sha256Hex(auditCanonicalForm(event));

/**
 * Appends one event to the chain, in the caller's transaction: the change and its event commit together or not at
 * all. The head's row is claimed first, with one upsert that both databases lock (PostgreSQL the row, SQLite the
 * whole database), so that events of concurrent transactions, on any worker or instance, line up one after the
 * other and each chains to the one committed before it. A row lock rather than an advisory lock, as PgBouncer's
 * transaction pooling keeps it.
 */
export async function appendAuditEvent(
  transaction: Kysely<DatabaseSchema>,
  context: AuditContext,
  fact: AuditFact,
): Promise<AuditEvent> {
  const head = await sql<{ last_event_id: number | string; last_hash: string }>`
    insert into audit_chain (id, last_event_id, last_hash, start_hash)
    values (1, 1, ${AUDIT_GENESIS_HASH}, ${AUDIT_GENESIS_HASH})
    on conflict (id) do update set last_event_id = audit_chain.last_event_id + 1
    returning last_event_id, last_hash`.execute(transaction);
  const { last_event_id: id, last_hash: previousHash } = head.rows[0] as (typeof head.rows)[number];
  const unhashed: Omit<AuditEvent, 'hash'> = {
    id: Number(id),
    at: storedInstant(fact.at ?? Date.now()),
    action: fact.action,
    outcome: fact.outcome,
    code: fact.code,
    actor: context.actor,
    keyId: fact.keyId,
    successorId: fact.successorId ?? null,
    requestId: context.requestId,
    clientAddress: context.clientAddress,
    userAgent: context.userAgent,
    previousHash,
  };
  const event = { ...unhashed, hash: auditHashOf(unhashed) };
  await transaction.insertInto('audit_events').values(toRow(event)).execute();
  await transaction.updateTable('audit_chain').set({ last_hash: event.hash }).where('id', '=', 1).execute();
  return event;
}

function toRow(event: AuditEvent): AuditEventsTable {
  return {
    id: event.id,
    at: event.at,
    action: event.action,
    outcome: event.outcome,
    code: event.code,
    actor_type: event.actor.type,
    actor_key_id: event.actor.keyId,
    actor_name: event.actor.name,
    key_id: event.keyId,
    successor_id: event.successorId,
    request_id: event.requestId,
    client_address: event.clientAddress,
    user_agent: event.userAgent,
    previous_hash: event.previousHash,
    hash: event.hash,
  };
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A stored event as the API shows it; PostgreSQL reads its bigints as text. */
export function toAuditEvent(row: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at,
    action: row.action as AuditAction,
    outcome: row.outcome as AuditOutcome,
    code: row.code,
    actor: { type: row.actor_type as AuditActorType, keyId: row.actor_key_id, name: row.actor_name },
    keyId: numberOrNull(row.key_id),
    successorId: numberOrNull(row.successor_id),
    requestId: row.request_id,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    previousHash: row.previous_hash,
    hash: row.hash,
  };
}
