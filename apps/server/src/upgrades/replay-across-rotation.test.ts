import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.js';
import { testDatabaseKinds } from '../test-support/databases.js';
import { aJson, see } from '../test-support/http-assertions.js';
import { startTestServer } from '../test-support/test-server.js';
import { fixtureReleases, restoreFixture, writtenAt } from './upgrade-fixtures.js';

/**
 * The one Idempotency-Key every fixture holds whose row this release still accepts as a request: the others were
 * sent with names earlier releases took and this one refuses (write-fixture.mjs).
 */
const IDEMPOTENCY_KEY = 'fixture-create-0';

afterEach(() => {
  vi.useRealTimers();
});

describe.each(fixtureReleases())('a store written by %s, upgraded', (release) => {
  it.each(testDatabaseKinds.map((kind) => kind.name))(
    "on %s, a rotation's successor replays what the old release answered its predecessor",
    async (kind) => {
      const fixture = await restoreFixture(release, kind);
      const { written } = fixture;
      // Within the day the old release's records are kept, a minute after it wrote them: only Date is set, so that
      // the database's timers run as ever.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(writtenAt(written).getTime() + 60_000);
      const server = await startTestServer(loadConfig({ DATABASE_URL: fixture.databaseUrl }).database);
      try {
        const manager = written.keys.secrets.manager;
        const post = (path: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
          server.request(path, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
        const current = (await (
          await server.request('/v1/api-keys/current', { headers: { authorization: `Bearer ${manager}` } })
        ).json()) as { id: number };
        const rotated = await post(`/v1/api-keys/${current.id}/rotate`, manager, { overlapHours: 1 });
        expect(rotated.status).toBe(201);
        const successor = ((await rotated.json()) as { key: string }).key;

        const petId = written.idempotencyKeys.find(({ key }) => key === IDEMPOTENCY_KEY)?.petId;
        const { id: _, ...row } = written.animals.find((animal) => animal.id === petId) ?? {};
        const replay = await post('/v1/pets', successor, row, { 'idempotency-key': IDEMPOTENCY_KEY });
        expect(await see(replay)).toStrictEqual(
          aJson(
            201,
            written.animals.find((animal) => animal.id === petId),
          ),
        );
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
      } finally {
        await server.close();
        await fixture.drop();
      }
    },
  );
});
