import { ApiKeyUsageSchema, KEY_USAGE_RETENTION_DAYS } from '@animal-store/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import { aJson, anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const zeros = { answered: 0, refused: 0, limited: 0, failed: 0 };
/** Instants of the query only, compared with nothing the clock says: the answers do not depend on today. */
const AT = (text: string) => Date.parse(text);

describe.each(testDatabaseKinds)('getApiKeyUsage on $name', (kind) => {
  const server = useTestServer(kind);
  const usageOf = async (keyId: number | string, query = '') =>
    see(await server().request(`/v1/api-keys/${keyId}/usage${query}`));
  const refusedSince = (rule: string) =>
    anError(400, 'validation_failed', `query parameter 'since': ${rule}`);

  it('answers every hour of the range, oldest first, the hours without requests as zeros, summed over writes', async () => {
    const { id } = await server().store.apiKeys.create('counted');
    const other = await server().store.apiKeys.create('not asked about');
    const hour = AT('2031-03-09T10:00:00.000Z');
    await server().store.keyUsage.add([
      { keyId: id, hourMs: hour, answered: 5, refused: 1, limited: 0, failed: 0 },
      { keyId: id, hourMs: hour + 2 * HOUR_MS, answered: 0, refused: 0, limited: 3, failed: 1 },
      { keyId: other.id, hourMs: hour + HOUR_MS, answered: 9, refused: 9, limited: 9, failed: 9 },
    ]);
    // A second worker's write of the same hour adds to it.
    await server().store.keyUsage.add([
      { keyId: id, hourMs: hour, answered: 2, refused: 0, limited: 1, failed: 0 },
    ]);

    // `since` is rounded down to its hour, `until` up to the next one.
    expect(await usageOf(id, '?since=2031-03-09T10:59:59Z&until=2031-03-09T13:00:01%2B01:00')).toStrictEqual(
      aJson(200, {
        keyId: id,
        since: '2031-03-09T10:00:00.000Z',
        until: '2031-03-09T13:00:00.000Z',
        hours: [
          { hour: '2031-03-09T10:00:00.000Z', answered: 7, refused: 1, limited: 1, failed: 0 },
          { hour: '2031-03-09T11:00:00.000Z', ...zeros },
          { hour: '2031-03-09T12:00:00.000Z', answered: 0, refused: 0, limited: 3, failed: 1 },
        ],
      }),
    );
  });

  it('reads 7 days up to `until` without `since`, and up to now without either', async () => {
    const { id } = await server().store.apiKeys.create('default range');
    const week = ApiKeyUsageSchema.parse((await usageOf(id, '?until=2031-03-09T10:00:00Z')).body);
    expect(week.since).toBe('2031-03-02T10:00:00.000Z');
    expect(week.hours).toHaveLength(7 * 24);
    expect(week.hours.every((hour) => hour.answered + hour.refused + hour.limited + hour.failed === 0)).toBe(
      true,
    );

    const before = Date.now();
    const recent = ApiKeyUsageSchema.parse((await usageOf(id)).body);
    const after = Date.now();
    const until = Date.parse(recent.until);
    // Now rounded up to its hour: on an hour's start it is that hour, else the next.
    expect(until).toBeGreaterThanOrEqual(Math.ceil(before / HOUR_MS) * HOUR_MS);
    expect(until).toBeLessThanOrEqual(Math.ceil(after / HOUR_MS) * HOUR_MS);
    // 7 days before now, rounded down to its hour.
    const since = Date.parse(recent.since);
    expect(since).toBeGreaterThanOrEqual(Math.floor((before - 7 * DAY_MS) / HOUR_MS) * HOUR_MS);
    expect(since).toBeLessThanOrEqual(Math.floor((after - 7 * DAY_MS) / HOUR_MS) * HOUR_MS);
    expect(recent.hours).toHaveLength((until - Date.parse(recent.since)) / HOUR_MS);
  });

  it('refuses a range that runs backwards, is empty, or is longer than the counts are kept', async () => {
    const { id } = await server().store.apiKeys.create('refused ranges');
    expect(await usageOf(id, '?since=2031-03-09T11:00:00Z&until=2031-03-09T10:00:00Z')).toStrictEqual(
      refusedSince('must be before until'),
    );
    expect(await usageOf(id, '?since=2031-03-09T10:00:00Z&until=2031-03-09T10:00:00Z')).toStrictEqual(
      refusedSince('must be before until'),
    );
    const longest = new Date(AT('2031-03-09T10:00:00Z') - KEY_USAGE_RETENTION_DAYS * DAY_MS).toISOString();
    const tooLong = new Date(AT(longest) - 1000).toISOString();
    expect((await usageOf(id, `?since=${longest}&until=2031-03-09T10:00:00Z`)).status).toBe(200);
    expect(await usageOf(id, `?since=${tooLong}&until=2031-03-09T10:00:00Z`)).toStrictEqual(
      refusedSince(`must be at most ${KEY_USAGE_RETENTION_DAYS} days before until`),
    );
    expect(await usageOf(id, '?since=yesterday')).toStrictEqual(
      anError(400, 'validation_failed', /^query parameter 'since': must be a date and time/),
    );
  });

  it('answers 404 for a key the store does not have, and 400 for a configured key', async () => {
    expect(await usageOf(99_999)).toStrictEqual(
      anError(404, 'api_key_not_found', 'No API key has id 99999.'),
    );
    expect(await usageOf('env-1')).toStrictEqual(
      anError(400, 'validation_failed', /^path parameter 'keyId'/),
    );
  });
});
