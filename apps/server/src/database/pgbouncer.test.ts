import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesThroughPgBouncer, type TestDatabase } from '../test-support/databases.js';
import { type PgBouncer, pgBouncerUnavailable, startPgBouncer } from '../test-support/pgbouncer.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { vitestRun } from '../test-support/vitest-run.js';
import { databaseTuning } from '../tuning/index.js';

/** The tuning main.ts applies: named statements, which `?pgbouncer=true` must turn off. */
const storeTuning = databaseTuning({ namedPostgresStatements: true });

import { openRepositories } from '../store/repositories.js';

const unavailable = pgBouncerUnavailable();
const directUrl = process.env.TEST_DATABASE_URL ?? '';

/** The suites whose PostgreSQL half must pass through PgBouncer as it passes directly. */
const SUITES = [
  'src/store/store.test.ts',
  'src/api/pets-api.test.ts',
  'src/api/api-keys-api.test.ts',
  'src/api/api-key-races.test.ts',
];

describe.skipIf(unavailable !== undefined || process.env.TEST_PGBOUNCER_ORIGIN !== undefined)(
  `through PgBouncer in transaction pooling mode${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let bouncer: PgBouncer;
    let database: TestDatabase;
    let server: TestServer;

    beforeAll(async () => {
      bouncer = await startPgBouncer(directUrl);
      database = await databasesThroughPgBouncer(directUrl, bouncer.origin).create();
      server = await startTestServer(database.config);
    });

    afterAll(async () => {
      await server?.close();
      await database?.drop();
      await bouncer?.stop();
    });

    it('leaves no lock behind after migrating, so that the next instance to start is not kept waiting', async () => {
      // Instances starting together each migrate through PgBouncer. A lock held by a session outlives the
      // transaction that PgBouncer gave the session to, and would keep every later instance waiting.
      const stores = await Promise.all(
        Array.from({ length: 6 }, () => openRepositories(database.config, { tuning: storeTuning })),
      );
      await Promise.all(stores.map((store) => store.database.close()));
      const { url } = database.config as { url: string };
      const name = new URL(url).pathname.slice(1);
      const direct = new pg.Client({ connectionString: directUrl });
      await direct.connect();
      try {
        const { rows } = await direct.query(
          `select count(*)::int as held from pg_locks l join pg_database d on d.oid = l.database
           where l.locktype = 'advisory' and d.datname = $1`,
          [name],
        );
        expect(rows).toStrictEqual([{ held: 0 }]);
      } finally {
        await direct.end();
      }
    });

    it('answers a burst of 300 concurrent creates with 201 each', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          server
            .request('/v1/pets', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ name: `Burst ${index}`, categoryId: 1 }),
            })
            .then(async (response) => ({ status: response.status, body: await response.text() })),
        ),
      );
      expect(statuses.filter(({ status }) => status !== 201)).toStrictEqual([]);
      const listed = await server.request('/v1/pets?limit=100');
      expect(listed.status).toBe(200);
    });

    it(`passes the PostgreSQL half of ${SUITES.join(' and ')}`, async () => {
      const { code, output } = await vitestRun([...SUITES, '-t', 'postgres'], {
        ...process.env,
        TEST_PGBOUNCER_ORIGIN: bouncer.origin,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      });
      expect({ code, output }).toMatchObject({ code: 0 });
      // Every suite ran, with its PostgreSQL tests.
      expect(output).toMatch(new RegExp(`Test Files {2}${SUITES.length} passed \\(${SUITES.length}\\)`));
      expect(Number(/Tests {2}(\d+) passed/.exec(output)?.[1])).toBeGreaterThan(20);
    });
  },
);
