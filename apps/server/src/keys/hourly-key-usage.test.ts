import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresConfig } from '../config/config.js';
import { HOUR_MS } from '../store/key-usage-repository.js';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';
import { HourlyKeyUsage, usageKindOf } from './hourly-key-usage.js';

const HOUR = Date.parse('2031-03-09T10:00:00.000Z');
const zeros = { answered: 0, refused: 0, limited: 0, failed: 0 };

describe('the kind a status is counted as', () => {
  it.each([
    [200, 'answered'],
    [201, 'answered'],
    [304, 'answered'],
    [400, 'refused'],
    [401, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [409, 'refused'],
    [429, 'limited'],
    [500, 'failed'],
    [503, 'failed'],
  ])('%i is %s', (status, kind) => {
    expect(usageKindOf(status)).toBe(kind);
  });
});

const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');

describe.runIf(postgres)('counts while PostgreSQL is gone', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let store: Repositories;
  let logs: string;
  const logger = pino({ level: 'warn' }, { write: (line: string) => void (logs += line) });

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    const { url } = database.config as PostgresConfig;
    const target = new URL(url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    store = await openRepositories({ ...(database.config as PostgresConfig), url: proxy.urlThrough(url) });
  });

  // Each test leaves the proxy up.
  afterAll(async () => {
    await store.database.close();
    await proxy.down();
    await database.drop();
  });

  const hoursOf = (keyId: number, hours: number) =>
    store.keyUsage.hoursOf(keyId, HOUR, HOUR + hours * HOUR_MS);

  it('keeps what a write could not store, writes it with the next, and never throws', async () => {
    logs = '';
    const usage = new HourlyKeyUsage(store.keyUsage, logger);
    usage.count(1, 200, HOUR + 1);
    usage.count(1, 429, HOUR + 2);
    await proxy.down();
    await expect(usage.write()).resolves.toBeUndefined();
    expect(logs).toContain('could not write the usage of API keys: kept for the next write');
    usage.count(1, 200, HOUR + 3);
    usage.count(1, 503, HOUR + HOUR_MS);
    await proxy.up();
    await usage.write();
    expect(await hoursOf(1, 2)).toStrictEqual([
      { hour: '2031-03-09T10:00:00.000Z', answered: 2, refused: 0, limited: 1, failed: 0 },
      { hour: '2031-03-09T11:00:00.000Z', answered: 0, refused: 0, limited: 0, failed: 1 },
    ]);
    // Written once: nothing is left to write again.
    await usage.write();
    expect((await hoursOf(1, 1))[0]?.answered).toBe(2);
  });

  it('gives up the oldest hours past its bound, so that an outage cannot grow its memory without end', async () => {
    logs = '';
    const usage = new HourlyKeyUsage(store.keyUsage, logger, { maxPendingHours: 2 });
    for (let hour = 0; hour < 4; hour++) usage.count(2, 200, HOUR + hour * HOUR_MS);
    await proxy.down();
    await usage.write();
    expect(logs).toContain('"keptHours":2,"droppedHours":2');
    await proxy.up();
    await usage.write();
    expect(await hoursOf(2, 4)).toStrictEqual([
      { hour: '2031-03-09T10:00:00.000Z', ...zeros },
      { hour: '2031-03-09T11:00:00.000Z', ...zeros },
      { hour: '2031-03-09T12:00:00.000Z', ...zeros, answered: 1 },
      { hour: '2031-03-09T13:00:00.000Z', ...zeros, answered: 1 },
    ]);
  });
});
