import { type ApiKeyUsage, ApiKeyUsageSchema } from '@animal-store/contract';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';
import { runInTerminal } from './support/terminal.js';

let server: StoreProcess;
let reader: number;
const HOUR_MS = 3_600_000;

// The store writes what it counted every second, so that the commands read the requests just made.
beforeAll(async () => {
  server = await startStore({ env: { KEY_USAGE_WRITE_SECONDS: '1' } });
  // Made by a plain request: only its id and secret matter here.
  const answer = await fetch(`${server.baseUrl}/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'counted', scopes: ['pets:read'] }),
  });
  const made = (await answer.json()) as { id: number; key: string };
  reader = made.id;
  const asReader = { authorization: `Bearer ${made.key}` };
  for (const path of ['/pets', '/pets', '/pets?limit=101'])
    await fetch(`${server.baseUrl}${path}`, { headers: asReader });
});
afterAll(() => server.stop());

const cli = (...args: string[]) => runCli(args, { env: envFor(server) });

/** The hours around now: the requests above fall in them, whatever the hour of the run. */
const range = () => {
  const now = Date.now();
  return [
    '--since',
    new Date(now - 2 * HOUR_MS).toISOString(),
    '--until',
    new Date(now + HOUR_MS).toISOString(),
  ];
};

const totalOf = (usage: ApiKeyUsage) =>
  usage.hours.reduce(
    (sum, hour) => ({
      answered: sum.answered + hour.answered,
      refused: sum.refused + hour.refused,
      limited: sum.limited + hour.limited,
      failed: sum.failed + hour.failed,
    }),
    { answered: 0, refused: 0, limited: 0, failed: 0 },
  );

describe('keys usage', () => {
  it('writes the usage as the store answers it into a pipe', async () => {
    const read = async () => {
      const result = await cli('keys', 'usage', String(reader), ...range());
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return totalOf(ApiKeyUsageSchema.parse(JSON.parse(result.stdout)));
    };
    await expect
      .poll(read, { timeout: 15_000 })
      .toStrictEqual({ answered: 2, refused: 1, limited: 0, failed: 0 });
  });

  it('prints a row an hour and the totals at a terminal', async () => {
    const result = await runInTerminal(['keys', 'usage', String(reader), ...range()], envFor(server));
    expect(result.code).toBe(0);
    const rows = result.output
      .trimEnd()
      .split('\n')
      .map((line) => line.trim().split(/ {2,}/));
    expect(rows[0]).toStrictEqual(['HOUR (UTC)', 'ANSWERED', 'REFUSED', 'LIMITED', 'FAILED']);
    expect(rows.slice(1, -1).every(([hour]) => /^\d{4}-\d\d-\d\dT\d\d:00Z$/.test(hour ?? ''))).toBe(true);
    expect(rows.at(-1)).toStrictEqual(['TOTAL', '2', '1', '0', '0']);
  });

  it('adds up the hours of each day with --by day', async () => {
    const result = await runInTerminal(
      ['keys', 'usage', String(reader), '--by', 'day', ...range()],
      envFor(server),
    );
    const rows = result.output
      .trimEnd()
      .split('\n')
      .map((line) => line.trim().split(/ {2,}/));
    expect(rows[0]?.[0]).toBe('DAY (UTC)');
    expect(rows.slice(1, -1).every(([day]) => /^\d{4}-\d\d-\d\d$/.test(day ?? ''))).toBe(true);
    expect(rows.at(-1)).toStrictEqual(['TOTAL', '2', '1', '0', '0']);
  });

  it("refuses a range that runs backwards, in the store's words", async () => {
    const result = await cli(
      'keys',
      'usage',
      String(reader),
      '--since',
      '2031-03-09',
      '--until',
      '2031-03-08',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("query parameter 'since': must be before until");
  });
});
