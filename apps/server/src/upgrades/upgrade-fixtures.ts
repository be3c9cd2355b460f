import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiKey, Pet } from '@animal-store/client';
import pg from 'pg';
import type { TestDatabaseKind } from '../test-support/databases.js';

/** One folder per release that wrote a fixture (upgrade-fixtures/README.md says how each was made). */
const FIXTURES = fileURLToPath(new URL('../../upgrade-fixtures/', import.meta.url));

/** The schema write-fixture.mjs dumps; a restore renames it to a fresh one. */
const FIXTURE_SCHEMA = 'upgrade_fixture';

/** What write-fixture.mjs wrote through the old release, as that release answered. */
export interface Written {
  animals: Pet[];
  refusedNames: { name: string; status: number }[];
  keys: {
    /** The keys themselves, by role; `farExpiry` is null where the release refused a six-digit year. */
    secrets: Record<'manager' | 'reader' | 'writer' | 'revoked' | 'rotated' | 'successor', string> & {
      farExpiry: string | null;
    };
    /** The old release's own list: fields it did not have yet are absent. */
    listed: (Omit<ApiKey, 'rotatedAt' | 'replaces'> & Partial<Pick<ApiKey, 'rotatedAt' | 'replaces'>>)[];
  };
  rotations: { replaced: number; successor: number }[];
  idempotencyKeys: { key: string; petId: number }[];
}

export interface RestoredFixture {
  databaseUrl: string;
  written: Written;
  drop(): Promise<void>;
}

export const fixtureReleases = (): string[] =>
  readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * The instant the release finished writing the fixture: the last creation, revocation or rotation it listed (the
 * rotation's successor is the last thing it makes). The test serves each fixture just after it, so that every expiry
 * and rotation overlap stands as it stood then, however long ago that was.
 */
export function writtenAt(written: Written): Date {
  const instants = written.keys.listed.flatMap((key) => [
    key.createdAt,
    key.revokedAt,
    key.rotatedAt ?? null,
  ]);
  return new Date(
    Math.max(...instants.flatMap((instant) => (instant === null ? [] : [Date.parse(instant)]))),
  );
}

const writtenBy = (folder: string): Written => JSON.parse(readFileSync(join(folder, 'written.json'), 'utf8'));

/** The SQLite fixture: a copy of the file, as an operator's upgrade in place would find it. */
function restoreSqlite(release: string): RestoredFixture {
  const folder = join(FIXTURES, release, 'sqlite');
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-upgrade-'));
  copyFileSync(join(folder, 'store.db'), join(directory, 'store.db'));
  return {
    databaseUrl: `file:${join(directory, 'store.db')}`,
    written: writtenBy(folder),
    drop: async () => rmSync(directory, { recursive: true, force: true }),
  };
}

/**
 * The PostgreSQL fixture: the dump loaded and its schema renamed to a fresh one, in one transaction, so that
 * concurrent runs never meet. psql's own commands in the dump (`\restrict`) are for psql, not the server.
 */
async function restorePostgres(release: string, url: string): Promise<RestoredFixture> {
  const folder = join(FIXTURES, release, 'postgres');
  const dump = readFileSync(join(folder, 'dump.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const schema = `upgrade_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`begin;\n${dump}\nalter schema ${FIXTURE_SCHEMA} rename to ${schema};\ncommit;`);
  } finally {
    await admin.end();
  }
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    databaseUrl: scoped.toString(),
    written: writtenBy(folder),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export function restoreFixture(release: string, kind: TestDatabaseKind['name']): Promise<RestoredFixture> {
  const url = process.env.TEST_DATABASE_URL;
  if (kind === 'sqlite') return Promise.resolve(restoreSqlite(release));
  if (!url) throw new Error('a PostgreSQL fixture needs TEST_DATABASE_URL');
  return restorePostgres(release, url);
}
