import { LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database/database.js';
import type { DatabaseSchema } from '../database/schema.js';
import { networkList } from './allowed-networks.js';
import { decodeNetworks } from './key-policy-columns.js';
import { activeAt, keyState } from './key-state.js';

/** A key that may manage keys, as far as the last-manager rule needs to know it. */
export interface Manager {
  id: number;
  revokedAt: string | null;
  expiresAt: string | null;
  rotatedAt: string | null;
  allowedNetworks: string[] | null;
}

const LASTING_MS = LASTING_MANAGER_HOURS * 60 * 60 * 1000;

/**
 * Whether a key with `keys:manage` counts at `now` as the one a revocation must leave: active, not rotated (it stops
 * at the end of its overlap), and not expiring within LASTING_MANAGER_HOURS, after which it is still active. The
 * revocation, `data check` and the server's `keys revoke` all decide by this one rule.
 */
export function lastsAsManager(
  manager: Pick<Manager, 'revokedAt' | 'expiresAt' | 'rotatedAt'>,
  now: string,
): boolean {
  const lastsUntil = new Date(Date.parse(now) + LASTING_MS).toISOString();
  return manager.rotatedAt === null && keyState(manager, lastsUntil) === 'active';
}

/**
 * Whether a manager may be used from `address`, the one asking for a change; null (an operator on the server, who
 * has no address) asks only that it may be used from somewhere.
 */
export function usableFrom(manager: Pick<Manager, 'allowedNetworks'>, address: string | null): boolean {
  const networks = manager.allowedNetworks;
  if (networks === null) return true;
  return address === null ? networks.length > 0 : networkList(networks).allows(address);
}

/**
 * The active stored keys that may manage keys, locked until the transaction ends. PostgreSQL locks the rows, in id
 * order so that two lockers never wait on each other, and re-reads a row another transaction changed while it
 * waited. SQLite has one writer: a write first takes the database's write lock, which another instance waits for
 * (`busy_timeout`), where a read first would fail its later write.
 */
export async function lockActiveManagers(
  transaction: Kysely<DatabaseSchema>,
  dialect: Dialect,
  now: string,
): Promise<Manager[]> {
  if (dialect === 'sqlite')
    await sql`update api_keys set revoked_at = revoked_at where 0`.execute(transaction);
  const query = transaction
    .selectFrom('api_keys')
    .select(['id', 'revoked_at', 'expires_at', 'rotated_at', 'allowed_networks'])
    .where(activeAt(now))
    // Scopes are words of API_KEY_SCOPES, none of which contains another: the pattern matches that one scope.
    .where('scopes', 'like', '%keys:manage%')
    .orderBy('id');
  const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    revokedAt: row.revoked_at,
    expiresAt: row.expires_at,
    rotatedAt: row.rotated_at,
    allowedNetworks: decodeNetworks(row.allowed_networks),
  }));
}
