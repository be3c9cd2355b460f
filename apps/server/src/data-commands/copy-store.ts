import { sql } from 'kysely';
import { migrateToLatest } from '../database/migrations.js';
import { operatorContext } from '../keys/operator-context.js';
import { appendAuditEvent } from '../store/audit-chain.js';
import { DataCommandError, type DataConnection } from './data-connection.js';
import { deferIndexes } from './deferred-indexes.js';
import type { Progress } from './progress.js';
import {
  appliedMigrations,
  assertHoldsNoData,
  columnNames,
  nextId,
  rowCount,
  sequenceNext,
  setNextId,
  tableNames,
} from './store-inspection.js';
import { BOOKKEEPING_TABLES, STORE_TABLES, type StoreTable, type TableName } from './store-tables.js';
import { type TableDigest, TableHash, tableDigest } from './table-digest.js';
import { refuseNewerStore } from './versions.js';

export interface CopiedTable extends TableDigest {
  name: TableName;
  /** For a table whose ids the database assigns: the id its sequence gives next, on both sides. */
  nextId?: bigint;
}

export interface CopyReport {
  /** The newest migration of the schema copied into. */
  schemaVersion: string;
  tables: CopiedTable[];
}

/**
 * Copies the store at `source` into the empty database at `target`, in one transaction on the target that also
 * creates its schema by the server's own migrations: any failure, a failed verification included, rolls it all
 * back. The source is read in one snapshot (a read transaction), so the copy is consistent while it serves.
 * Before committing, each table is counted and summed on both sides in the same canonical form (table-digest.ts):
 * the source's rows hashed as they are read, the target's read back.
 */
export async function copyStore(
  source: DataConnection,
  target: DataConnection,
  progress: Progress,
  now = Date.now(),
  /**
   * The audit event that starts the target's own history, after the events it carried: by the operator. None for a
   * backup, which holds the store as it was, as SQLite's own backup does.
   */
  recordAs: { action: 'store.restored' | 'store.copied'; command: string } | null = {
    action: 'store.copied',
    command: 'data copy',
  },
): Promise<CopyReport> {
  await beginSnapshot(source);
  try {
    await sql.raw(target.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(target.db);
    try {
      const report = await copyInTransaction(source, target, progress, now);
      // In the copy's transaction, after its verification: the carried chain goes on with this event.
      if (recordAs) {
        const fact = { action: recordAs.action, outcome: 'done', code: null, keyId: null } as const;
        await appendAuditEvent(target.db, operatorContext(recordAs.command), fact);
      }
      await sql`commit`.execute(target.db);
      return report;
    } catch (error) {
      // A lost connection has rolled back already; the reason to tell is the first failure.
      await sql`rollback`.execute(target.db).catch(() => {});
      throw error;
    }
  } finally {
    await sql`rollback`.execute(source.db).catch(() => {});
    progress.done();
  }
}

/** A read transaction that has read: every later statement sees the store as it was at this moment. */
async function beginSnapshot(source: DataConnection): Promise<void> {
  await sql
    .raw(source.dialect === 'sqlite' ? 'begin' : 'begin isolation level repeatable read read only')
    .execute(source.db);
  await tableNames(source);
}

async function copyInTransaction(
  source: DataConnection,
  target: DataConnection,
  progress: Progress,
  now: number,
): Promise<CopyReport> {
  // The version read in the snapshot is the one of the rows copied.
  await refuseNewerStore(source);
  await assertHoldsNoData(target);
  await migrateToLatest(target.db, target.dialect, { inCallersTransaction: true });
  const schemaVersion = await assertSameSchema(source, target);

  const tables: CopiedTable[] = [];
  for (const table of STORE_TABLES) {
    const since = table.window && now - table.window.ms;
    const total = await rowCount(source, table.name);
    const read = new TableHash();
    const remakeIndexes = await deferIndexes(target, table);
    const writer = await target.writeRows(table);
    try {
      for await (const batch of source.readRows(table, since)) {
        // The batch is hashed, and the next one read, while the database takes this one in.
        const written = writer.write(batch);
        read.add(batch);
        await written;
        progress.show(`copying ${table.name}: ${read.rows} of ${total} rows`);
      }
    } catch (error) {
      // Ended after a failure too, so that the connection is free for the rollback.
      await writer.end().catch(() => {});
      throw error;
    }
    await writer.end();
    await remakeIndexes();
    // Read once, in the snapshot and after it was taken, then set and verified against: a sequence is not
    // transactional, so on PostgreSQL a second read would see the ids the store handed out since. This one is at
    // least every id the snapshot's rows hold or the store had handed out, so the target reuses none of them.
    const next = table.identity ? await nextId(source, table) : undefined;
    if (next !== undefined) await setNextId(target, table, next);
    tables.push(await verifyTable(target, table, read.digest(), next, since, progress));
  }
  return { schemaVersion, tables };
}

/**
 * The source's schema is the one this release's migrations made on the target, table for table, column for column.
 * A source a later release wrote was refused before: one at another schema is older, and this release's server
 * brings it up to date.
 */
async function assertSameSchema(source: DataConnection, target: DataConnection): Promise<string> {
  const [sourceVersion, targetVersion] = [await appliedMigrations(source), await appliedMigrations(target)];
  const release = targetVersion.at(-1) ?? 'none';
  if (sourceVersion.join() !== targetVersion.join()) {
    throw new DataCommandError(
      `the store at ${source.label} is at schema version ${sourceVersion.at(-1) ?? 'none'}, and this release's is ${release}: run this release's server on it once (it migrates at start-up), then copy it`,
    );
  }
  const known = new Set<string>(STORE_TABLES.map((table) => table.name));
  const unknown = (await tableNames(source)).filter(
    (name) => !known.has(name) && !BOOKKEEPING_TABLES.has(name),
  );
  if (unknown.length > 0) {
    throw new DataCommandError(
      `the store at ${source.label} holds tables this release does not copy (${unknown.join(', ')})`,
    );
  }
  for (const table of STORE_TABLES) {
    const expected = Object.keys(table.columns).sort().join();
    for (const side of [source, target]) {
      if ((await columnNames(side, table.name)).join() !== expected) {
        throw new DataCommandError(
          `the table ${table.name} at ${side.label} has other columns than this release copies (${expected})`,
        );
      }
    }
  }
  return release;
}

/**
 * Reads the copied table back from the target, digests it as the source's rows were digested while they were read,
 * and compares: any difference in count or sum, or in the id the table gives next, fails the copy.
 */
async function verifyTable(
  target: DataConnection,
  table: StoreTable,
  expected: TableDigest,
  expectedNext: bigint | undefined,
  since: number | undefined,
  progress: Progress,
): Promise<CopiedTable> {
  let read = 0;
  const copied = await tableDigest(target, table, since, (count) => {
    read += count;
    progress.show(`verifying ${table.name}: ${read} of ${expected.rows} rows`);
  });
  if (expected.rows !== copied.rows || expected.checksum !== copied.checksum) {
    throw new DataCommandError(
      `the copy of ${table.name} differs from its source (${expected.rows} rows summing to ${expected.checksum.slice(0, 16)}… there, ${copied.rows} rows summing to ${copied.checksum.slice(0, 16)}… here)`,
    );
  }
  if (expectedNext === undefined) return { name: table.name, ...copied };
  return { name: table.name, ...copied, nextId: await assertNextId(target, table, expectedNext) };
}

/**
 * The target's sequence itself, not the larger of it and the largest id, is what PostgreSQL's identity gives next:
 * it must give the id recorded from the source's snapshot.
 */
export async function assertNextId(
  target: DataConnection,
  table: StoreTable,
  expected: bigint,
): Promise<bigint> {
  const next = await sequenceNext(target, table);
  if (next !== expected) {
    throw new DataCommandError(
      `the next id of ${table.name} differs: ${expected} at the source, ${next} at the target`,
    );
  }
  return next;
}
