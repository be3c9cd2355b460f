import { LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { sql } from 'kysely';
import { lastsAsManager } from '../store/key-managers.js';
import { checkAuditChain } from './audit-chain-check.js';
import type { DataConnection, Row } from './data-connection.js';
import { appliedMigrations, largestId, sequenceNext } from './store-inspection.js';
import { STORE_TABLES } from './store-tables.js';
import { refuseNewerStore } from './versions.js';

export interface CheckResult {
  /** The invariant, in words, e.g. `one successor per rotated key`. */
  name: string;
  /** Undefined when it holds; otherwise what breaks it. */
  problem?: string;
}

const ids = (rows: Row[], column = 'id') => rows.map((row) => String(row[column])).join(', ');

/**
 * The database's own integrity check, then the store's invariants: what the server relies on and no constraint
 * enforces. Read-only; the invariants are checked only on a store at this release's schema.
 */
export async function checkStore(
  connection: DataConnection,
  { releaseSchema, configuredManagers }: { releaseSchema: string; configuredManagers: number },
): Promise<CheckResult[]> {
  // Its invariants may be other than this release knows: refused as the server refuses it.
  await refuseNewerStore(connection);
  const results: CheckResult[] = [await integrity(connection)];
  const schema = (await appliedMigrations(connection)).at(-1) ?? 'none';
  if (schema !== releaseSchema) {
    results.push({
      name: "the schema is this release's",
      problem: `it is ${schema}, this release's is ${releaseSchema}: the server migrates it at start-up, and the invariants are checked then`,
    });
    return results;
  }
  const query = async (statement: ReturnType<typeof sql<Row>>) =>
    (await statement.execute(connection.db)).rows;
  for (const table of STORE_TABLES.filter((each) => each.identity)) {
    const bad = await query(sql<Row>`select id from ${sql.table(table.name)} where id < 1 limit 5`);
    const [counts] = await query(
      sql<Row>`select count(*) as rows, count(distinct id) as ids from ${sql.table(table.name)}`,
    );
    results.push({
      name: `${table.name} ids are positive and unique`,
      problem:
        bad.length > 0
          ? `ids below 1: ${ids(bad)}`
          : String(counts?.rows) !== String(counts?.ids)
            ? `${counts?.rows} rows have ${counts?.ids} distinct ids`
            : undefined,
    });
    const [largest, next] = [await largestId(connection, table), await sequenceNext(connection, table)];
    results.push({
      name: `the ${table.name} sequence is ahead of the largest id`,
      problem: next <= largest ? `it would give ${next} next, and ${largest} exists` : undefined,
    });
  }
  const twins = await query(
    sql<Row>`select replaces_id as id from api_keys where replaces_id is not null
      group by replaces_id having count(*) > 1 order by replaces_id limit 5`,
  );
  results.push({
    name: 'one successor per rotated key',
    problem: twins.length > 0 ? `keys with several successors: ${ids(twins)}` : undefined,
  });
  const dangling = await query(
    sql<Row>`select successor.id from api_keys successor left join api_keys replaced on replaced.id = successor.replaces_id
      where successor.replaces_id is not null and replaced.id is null order by successor.id limit 5`,
  );
  results.push({
    name: 'every replaces_id names an existing key',
    problem: dangling.length > 0 ? `keys replacing a key that does not exist: ${ids(dangling)}` : undefined,
  });
  const unmarked = await query(
    sql<Row>`select replaced.id from api_keys replaced join api_keys successor on successor.replaces_id = replaced.id
      where replaced.rotated_at is null order by replaced.id limit 5`,
  );
  results.push({
    name: 'every replaced key is marked rotated',
    problem: unmarked.length > 0 ? `replaced keys without a rotation mark: ${ids(unmarked)}` : undefined,
  });
  results.push(await wayToManageKeys(connection, configuredManagers));
  results.push(await checkAuditChain(connection.db));
  return results;
}

async function integrity(connection: DataConnection): Promise<CheckResult> {
  if (connection.dialect === 'sqlite') {
    const { rows } = await sql<Row>`pragma integrity_check`.execute(connection.db);
    const problems = rows.map((row) => String(Object.values(row)[0])).filter((line) => line !== 'ok');
    return {
      name: 'SQLite integrity_check',
      problem: problems.length > 0 ? problems.slice(0, 5).join('; ') : undefined,
    };
  }
  // PostgreSQL checks rows as they are written; what can be left broken is an index a failed concurrent build left
  // invalid, or a constraint added NOT VALID and never validated.
  const { rows } = await sql<Row>`
    select indexrelid::regclass::text as name from pg_index
      join pg_class on pg_class.oid = pg_index.indrelid
      where pg_class.relnamespace = current_schema()::regnamespace and not (indisvalid and indisready)
    union all
    select conname from pg_constraint
      where connamespace = current_schema()::regnamespace and not convalidated`.execute(connection.db);
  return {
    name: 'PostgreSQL indexes valid and constraints validated',
    problem: rows.length > 0 ? `not valid: ${rows.map((row) => row.name).join(', ')}` : undefined,
  };
}

/**
 * A store with no way left to manage keys is locked out of its own key management, and one whose managers all stop
 * soon (`lastsAsManager`: rotated, or expiring within LASTING_MANAGER_HOURS) is about to be: the rule every
 * revocation keeps, so that this check fails a day before the lock-out rather than after it.
 */
async function wayToManageKeys(connection: DataConnection, configuredManagers: number): Promise<CheckResult> {
  const name = 'a way left to manage keys';
  if (configuredManagers > 0) return { name };
  const { rows } = await sql<Row>`select revoked_at, expires_at, rotated_at from api_keys
    where revoked_at is null and scopes like '%keys:manage%'`.execute(connection.db);
  const now = new Date().toISOString();
  const lasting = rows.filter((row) =>
    lastsAsManager(
      {
        revokedAt: row.revoked_at as string | null,
        expiresAt: row.expires_at as string | null,
        rotatedAt: row.rotated_at as string | null,
      },
      now,
    ),
  );
  return lasting.length > 0
    ? { name }
    : {
        name,
        problem:
          `no active key with keys:manage that is not rotated and lasts over ${LASTING_MANAGER_HOURS} hours, and ` +
          'no API_KEYS: create one with `keys create`',
      };
}
