import { hash } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { MAX_ALLOWED_NETWORKS } from '@animal-store/contract';
import Database from 'better-sqlite3';
import type { DatabaseFixture } from '#bench/fixtures/database-fixture.js';
import type { Scenario } from '#bench/load/scenarios.js';
import { startAndMeasure, type TimedServer } from './cpu-time.js';
import { startSeeded } from './start-seeded.js';
import { withSqliteFixture } from './with-sqlite-fixture.js';

const SCENARIOS: Scenario[] = ['getPet', 'listPets'];

/**
 * The fullest policy a key may have: a limit of its own, far above the load so that nothing is refused, and the
 * most ranges a list may hold, the one that admits the bench's loopback address last, so that every range is tried.
 */
const LIMIT = 1_000_000;
const NETWORKS = [
  ...Array.from({ length: MAX_ALLOWED_NETWORKS - 1 }, (_, index) => `10.${index}.0.0/16`),
  '127.0.0.0/8',
];

/**
 * A key of the shape the store issues (`as_`, 43 characters, a CRC-32 checksum), which the store looks up among its
 * stored keys; the bench key is of another shape, which only `API_KEYS` admits.
 */
function issuedShapeKey(fill: string): string {
  const body = `as_${fill.repeat(43)}`;
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return `${body}${checksum.toString('base64url')}`;
}

const POLICY_KEY = issuedShapeKey('p');
const PLAIN_KEY = issuedShapeKey('n');

/**
 * Stores PLAIN_KEY without a policy and POLICY_KEY with the fullest one, in the store's own form (ranges
 * space-separated); the store reads each when it first verifies it.
 */
function storeKeys(fixture: DatabaseFixture): void {
  const database = new Database(fixture.url.replace(/^file:/, ''));
  try {
    const insert = database.prepare(
      'insert into api_keys (name, key_hash, key_prefix, created_at, scopes, rate_limit_per_minute, ' +
        'allowed_networks) values (?, ?, ?, ?, ?, ?, ?) on conflict (key_hash) do nothing',
    );
    const row = (key: string, limit: number | null, networks: string | null) =>
      insert.run(
        key.slice(0, 9),
        hash('sha256', key, 'hex'),
        key.slice(0, 9),
        '2026-01-01T00:00:00.000Z',
        'pets:read pets:write keys:manage',
        limit,
        networks,
      );
    row(PLAIN_KEY, null, null);
    row(POLICY_KEY, LIMIT, NETWORKS.join(' '));
  } finally {
    database.close();
  }
}

async function startStore(
  fixture: DatabaseFixture,
  name: string,
  workDir: string,
  headers?: Record<string, string>,
): Promise<TimedServer> {
  const seeded = await startSeeded(fixture, 'store', { name, workDir, nodeArgs: ['--trace-gc'], headers });
  return { name, seeded, logPath: join(workDir, `${name}.log`) };
}

/**
 * What a key's own policy and its usage counting cost a read, side by side: the store called with the bench key
 * configured (`API_KEYS`: no policy, no usage counted), with a stored key (its usage counted by the hour), and with a
 * stored key holding a limit of its own and 50 ranges. The stored key without a policy runs twice, second and last:
 * the gap between those two is the noise a difference must stand out of.
 */
export async function keyPolicy(): Promise<void> {
  await withSqliteFixture('key-policy', async (fixture, workDir) => {
    for (const scenario of SCENARIOS) {
      const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
      const starts = [
        () => startStore(fixture, 'configured key', workDir),
        () => startStore(fixture, 'stored key', workDir, bearer(PLAIN_KEY)),
        () => startStore(fixture, 'stored key + policy', workDir, bearer(POLICY_KEY)),
        () => startStore(fixture, 'stored key again', workDir, bearer(PLAIN_KEY)),
      ];
      // Each start reseeds the fixture: the keys are stored once all are up, before the first request.
      process.stdout.write(`${await startAndMeasure(scenario, starts, () => storeKeys(fixture))}\n`);
    }
  });
}
