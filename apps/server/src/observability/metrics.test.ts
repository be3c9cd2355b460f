import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseUrlOf,
  postgresTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

/** Debian's prometheus package installs it here. */
const PROMTOOL = '/usr/bin/promtool';

function promtoolUnavailable(): string | undefined {
  if (existsSync(PROMTOOL)) return undefined;
  const reason = `${PROMTOOL} is missing (apt-get install prometheus)`;
  if (process.env.CI) throw new Error(`CI must check the metrics with promtool, but ${reason}.`);
  return reason;
}
const unavailable = promtoolUnavailable();

/** The value of one series in Prometheus text, e.g. `name{label="value"}`; undefined when absent. */
function sampleOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function startWithMetrics(env: Record<string, string>) {
  const server = runServerScript('src/main.ts', { METRICS_PORT: '0', ...env });
  const origin = await server.listening.catch(async (error) => {
    await stop(server);
    throw error;
  });
  // The metrics listener logs its address (a worker may listen first, in a cluster).
  let metricsUrl: string | undefined;
  for (let waited = 0; metricsUrl === undefined && waited < 20_000; waited += 100) {
    metricsUrl = /http:\/\/127\.0\.0\.1:\d+\/metrics/.exec(server.output())?.[0];
    await sleep(100);
  }
  if (metricsUrl === undefined) {
    await stop(server);
    throw new Error(`no metrics listener:\n${server.output()}`);
  }
  const url = metricsUrl;
  return { server, origin, metricsUrl: url, scrape: async () => (await fetch(url)).text() };
}

/** SIGTERM, so that a cluster primary stops its workers too. */
async function stop(server: ServerProcess | undefined) {
  server?.child.kill('SIGTERM');
  await server?.exited;
}

describe.skipIf(unavailable !== undefined)(
  `metrics on a listener of their own${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    describe('one process on SQLite', () => {
      const apiKey = `metrics-${randomUUID()}`;
      const directory = mkdtempSync(join(tmpdir(), 'animal-store-metrics-'));
      let running: Awaited<ReturnType<typeof startWithMetrics>>;
      const send = (path: string, init: RequestInit = {}) =>
        fetch(`${running.origin}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers },
        });

      beforeAll(async () => {
        running = await startWithMetrics({
          DATABASE_URL: `file:${join(directory, 'store.db')}`,
          API_KEYS: apiKey,
          AUTH_FAILURES_PER_MINUTE: '3',
        });
      });

      afterAll(async () => {
        await stop(running?.server);
        rmSync(directory, { recursive: true, force: true });
      });

      it('serves nothing of them on the API port', async () => {
        const response = await fetch(`${running.origin}/metrics`);
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain('animal_store_');
      });

      it('answers another method on /metrics with 405 and Allow, another path with 404', async () => {
        const posted = await fetch(running.metricsUrl, { method: 'POST' });
        expect([posted.status, posted.headers.get('allow'), await posted.text()]).toStrictEqual([
          405,
          'GET, HEAD',
          'Only GET /metrics is served here.\n',
        ]);
        const head = await fetch(running.metricsUrl, { method: 'HEAD' });
        expect([head.status, await head.text()]).toStrictEqual([200, '']);
        const elsewhere = await fetch(running.metricsUrl.replace(/\/metrics$/, '/other'));
        expect([elsewhere.status, elsewhere.headers.get('allow')]).toStrictEqual([404, null]);
        await elsewhere.text();
      });

      it('counts what the store served, in text that promtool accepts', async () => {
        const creates = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            send('/v1/pets', { method: 'POST', body: JSON.stringify({ name: `M${index}`, categoryId: 1 }) }),
          ),
        );
        expect(creates.map((response) => response.status)).toStrictEqual(Array(20).fill(201));
        const idempotencyKey = randomUUID();
        for (let attempt = 0; attempt < 2; attempt++) {
          const response = await send('/v1/pets', {
            method: 'POST',
            headers: { 'idempotency-key': idempotencyKey },
            body: JSON.stringify({ name: 'Once', categoryId: 2 }),
          });
          expect(response.status).toBe(201);
        }
        for (let index = 0; index < 3; index++) expect((await send('/v1/pets')).status).toBe(200);
        const { id } = (await (creates[0] as Response).json()) as { id: number };
        for (let index = 0; index < 2; index++) expect((await send(`/v1/pets/${id}`)).status).toBe(200);
        const refused = [];
        for (let index = 0; index < 5; index++) {
          refused.push((await send('/v1/pets', { headers: { authorization: 'Bearer not-a-key' } })).status);
        }
        expect(refused).toContain(401);
        expect(refused).toContain(429);
        expect((await fetch(`${running.origin}/healthz`)).status).toBe(200);

        const series = (text: string) => ({
          created: sampleOf(text, 'animal_store_http_requests_total{operation="createPet",status="201"}'),
          listed: sampleOf(text, 'animal_store_http_requests_total{operation="listPets",status="200"}'),
          fetched: sampleOf(text, 'animal_store_http_requests_total{operation="getPet",status="200"}'),
          health: sampleOf(text, 'animal_store_http_requests_total{operation="other",status="200"}'),
          createLatencies: sampleOf(
            text,
            'animal_store_http_request_duration_seconds_count{operation="createPet"}',
          ),
          inFlight: sampleOf(text, 'animal_store_http_requests_in_flight'),
          authFailures: sampleOf(text, 'animal_store_rejections_total{reason="auth_failure"}'),
          rateLimited: sampleOf(text, 'animal_store_rejections_total{reason="rate_limit"}'),
          replays: sampleOf(text, 'animal_store_idempotent_replays_total'),
          deprecated: sampleOf(
            text,
            'animal_store_deprecated_calls_total{operation="getPet",api_key_id="env-1"}',
          ),
          batchedCreates: sampleOf(text, 'animal_store_commit_batch_size_sum'),
        });
        await expect
          .poll(async () => series(await running.scrape()))
          .toStrictEqual({
            created: 22,
            listed: 3,
            fetched: 2,
            health: 1,
            createLatencies: 22,
            inFlight: 0,
            authFailures: refused.filter((status) => status === 401).length,
            rateLimited: refused.filter((status) => status === 429).length,
            replays: 1,
            deprecated: 2,
            // Every create that stored an animal goes through group commit, the keyed one too; its replay does not.
            batchedCreates: 21,
          });
        const text = await running.scrape();
        expect(text).not.toContain(apiKey);
        expect(sampleOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
        // One observation per commit, whether creates arriving together shared one or not: the sum above is 21.
        const commits = sampleOf(text, 'animal_store_commit_batch_size_count');
        expect(commits).toBeGreaterThanOrEqual(2);
        expect(commits).toBeLessThanOrEqual(21);

        const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
        expect({ status: check.status, output: check.stdout + check.stderr }).toStrictEqual({
          status: 0,
          output: '',
        });
      });
    });

    // Several workers need PostgreSQL (SQLite serves one); CI always has it.
    describe.skipIf(!postgresTestDatabase)('two cluster workers', () => {
      const apiKey = `metrics-${randomUUID()}`;
      let database: TestDatabase;
      let running: Awaited<ReturnType<typeof startWithMetrics>>;

      beforeAll(async () => {
        database = await (postgresTestDatabase as TestDatabaseKind).create();
        running = await startWithMetrics({
          DATABASE_URL: databaseUrlOf(database.config),
          API_KEYS: apiKey,
          WORKERS: '2',
        });
      });

      afterAll(async () => {
        await stop(running?.server);
        await database?.drop();
      });

      /** A request on a connection of its own, so that the cluster hands it to either worker. */
      const listOnNewConnection = (origin: string) =>
        new Promise<number>((resolve, reject) => {
          const outgoing = request(`${origin}/v1/pets`, {
            agent: false,
            headers: { authorization: `Bearer ${apiKey}` },
          });
          outgoing.on('response', (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          });
          outgoing.on('error', reject);
          outgoing.end();
        });

      it('sums every worker’s numbers', async () => {
        // The cluster hands new connections to the workers in turn, once both listen.
        await expect
          .poll(() => running.server.output().match(/Animal Store listening on/g)?.length ?? 0)
          .toBe(2);
        const statuses = [];
        for (let index = 0; index < 40; index++) statuses.push(await listOnNewConnection(running.origin));
        expect(statuses).toStrictEqual(Array(40).fill(200));
        // Both workers served some of them: the request log names each process.
        const servingPids = new Set(
          running.server
            .output()
            .split('\n')
            .filter((line) => line.includes('"GET 200"'))
            .map((line) => (JSON.parse(line) as { pid: number }).pid),
        );
        expect(servingPids.size).toBe(2);
        await expect
          .poll(async () =>
            sampleOf(
              await running.scrape(),
              'animal_store_http_requests_total{operation="listPets",status="200"}',
            ),
          )
          .toBe(40);
        const text = await running.scrape();
        if (database.config.kind === 'postgres') {
          expect(sampleOf(text, 'animal_store_db_pool_connections_in_use')).toBe(0);
          expect(sampleOf(text, 'animal_store_db_pool_waiting')).toBe(0);
        }
        const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
        expect(check.stdout + check.stderr).toBe('');
        expect(check.status).toBe(0);
      });

      it('counts a request in flight until it is answered', async () => {
        const inFlight = async () => sampleOf(await running.scrape(), 'animal_store_http_requests_in_flight');
        expect(await inFlight()).toBe(0);
        // A create whose body has not arrived yet: received, routed, not answered; counted by whichever worker has it.
        const body = JSON.stringify({ name: 'Slow', categoryId: 1 });
        const pending = request(`${running.origin}/v1/pets`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        const answered = new Promise<number | undefined>((resolve, reject) => {
          pending.on('response', (response) => {
            response.resume();
            resolve(response.statusCode);
          });
          pending.on('error', reject);
        });
        pending.flushHeaders();
        await expect.poll(inFlight).toBe(1);
        pending.end(body);
        expect(await answered).toBe(201);
        await expect.poll(inFlight).toBe(0);
      });
    });
  },
);

// The checks above could not fail if promtool accepted anything.
it.skipIf(unavailable !== undefined)('promtool rejects malformed metrics text', () => {
  expect(() =>
    execFileSync(PROMTOOL, ['check', 'metrics'], { input: 'not metrics text{\n', stdio: 'pipe' }),
  ).toThrow();
});
