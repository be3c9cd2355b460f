import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Pet, PetSchema } from '@animal-store/contract';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';

const HALF_ROW = '{"name": "Half';

/** Rows the server must refuse, by line, with the server's own code and message. */
const INVALID_ROWS: Record<number, { source: string; code: string; message: string }> = {
  17: {
    source: '{"name":"   ","categoryId":1}',
    code: 'validation_failed',
    message: "body field 'name': must not be empty or blank",
  },
  99: {
    source: '{"name":"No category"}',
    code: 'validation_failed',
    message: "body field 'categoryId': is required",
  },
  250: {
    source: '{"name":"Lost","categoryId":2,"status":"lost"}',
    code: 'validation_failed',
    message: "body field 'status': must be one of available, pending, sold",
  },
  333: { source: HALF_ROW, code: 'malformed_json', message: 'not valid JSON at column 15' },
  480: {
    source: '{"id":7,"name":"Chosen id","categoryId":3}',
    code: 'validation_failed',
    message: "body field 'id': is assigned by the store and must not be sent",
  },
  500: {
    source: '{"name":"Zero","categoryId":0}',
    code: 'validation_failed',
    message: "body field 'categoryId': must be a positive whole number",
  },
};

const validRow = (line: number) => ({ name: `Imported ${line}`, categoryId: (line % 5) + 1 });

let server: StoreProcess;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'animal-store-import-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
// A new empty store for each test, so that what the store holds afterwards is what that import created.
beforeEach(async () => {
  server = await startStore();
  return () => server.stop();
});

const run = (args: string[], input?: string) =>
  runCli(['pets', 'import', ...args], { env: envFor(server), ...(input !== undefined && { input }) });

async function storedPets(): Promise<Pet[]> {
  const result = await runCli(['pets', 'list', '--all'], { env: envFor(server) });
  return PetSchema.array().parse(JSON.parse(result.stdout));
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

describe('pets import', () => {
  it('imports a 500-row NDJSON file, reports each refused row by line with the server message, exits 1', async () => {
    const lines = Array.from({ length: 500 }, (_, index) => {
      const line = index + 1;
      return INVALID_ROWS[line]?.source ?? JSON.stringify(validRow(line));
    });
    const file = join(dir, 'pets.ndjson');
    await writeFile(file, `${lines.join('\n')}\n`);

    const result = await run([file]);

    expect(result.code).toStrictEqual(1);
    expect(JSON.parse(result.stdout)).toStrictEqual({
      total: 500,
      created: 494,
      replayed: 0,
      failed: 6,
      failures: Object.entries(INVALID_ROWS).map(([line, { code, message }]) => ({
        line: Number(line),
        code,
        message,
      })),
    });
    const progress = result.stderr.split('\n');
    expect(
      progress
        .slice(0, 10)
        .map((line) => /^import: (\d+)\/500 rows, (\d+) created, 0 replayed, (\d+) failed$/.exec(line)?.[1]),
    ).toStrictEqual(['50', '100', '150', '200', '250', '300', '350', '400', '450', '500']);
    expect(progress.slice(9)).toStrictEqual([
      'import: 500/500 rows, 494 created, 0 replayed, 6 failed',
      'error: 6 of 500 rows failed',
      '',
    ]);

    const expected = Array.from({ length: 500 }, (_, index) => index + 1)
      .filter((line) => INVALID_ROWS[line] === undefined)
      .map(validRow);
    const stored = await storedPets();
    expect(stored.map(({ name, categoryId }) => ({ name, categoryId })).sort(byName)).toStrictEqual(
      expected.sort(byName),
    );
    expect(new Set(stored.map((pet) => pet.id)).size).toStrictEqual(494);
  });

  it('gives the elements of a pretty-printed JSON array the line they start on', async () => {
    const file = join(dir, 'pets.json');
    await writeFile(
      file,
      [
        '[',
        '  { "name": "Ada", "categoryId": 1, "status": "available" },',
        '  {',
        '    "name": "",',
        '    "categoryId": 1',
        '  },',
        '  { "name": "Bo", "categoryId": 2 }',
        ']',
        '',
      ].join('\n'),
    );
    const result = await run([file, '--concurrency', '1']);
    expect(result).toStrictEqual({
      code: 1,
      stdout: `${JSON.stringify(
        {
          total: 3,
          created: 2,
          replayed: 0,
          failed: 1,
          failures: [
            { line: 3, code: 'validation_failed', message: "body field 'name': must not be empty or blank" },
          ],
        },
        null,
        2,
      )}\n`,
      stderr: [
        'import: 1/3 rows, 1 created, 0 replayed, 0 failed',
        'import: 2/3 rows, 1 created, 0 replayed, 1 failed',
        'import: 3/3 rows, 2 created, 0 replayed, 1 failed',
        'error: 1 of 3 rows failed',
        '',
      ].join('\n'),
    });
    expect(await storedPets()).toStrictEqual([
      { id: 1, name: 'Ada', categoryId: 1, status: 'available' },
      { id: 2, name: 'Bo', categoryId: 2 },
    ]);
  });

  it('reads NDJSON from stdin with -, skipping blank lines, and exits 0 when every row is created', async () => {
    const input = '{"name":"Cat","categoryId":1}\n\n{"name":"Dog","categoryId":2,"status":"sold"}\n';
    const result = await run(['-', '--concurrency', '1'], input);
    expect(result).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify({ total: 2, created: 2, replayed: 0, failed: 0, failures: [] }, null, 2)}\n`,
      stderr:
        'import: 1/2 rows, 1 created, 0 replayed, 0 failed\nimport: 2/2 rows, 2 created, 0 replayed, 0 failed\n',
    });
    expect(await storedPets()).toStrictEqual([
      { id: 1, name: 'Cat', categoryId: 1 },
      { id: 2, name: 'Dog', categoryId: 2, status: 'sold' },
    ]);
  });

  it('does not create an animal twice when the same file is imported again, and fixed rows are sent anew', async () => {
    const file = join(dir, 'rerun.ndjson');
    await writeFile(
      file,
      '{"name":"Ann","categoryId":1}\n{"name":"","categoryId":1}\n{"name":"Ben","categoryId":2}\n',
    );
    expect(JSON.parse((await run([file, '--json', '--concurrency', '1'])).stdout)).toMatchObject({
      created: 2,
      replayed: 0,
      failed: 1,
    });

    // The interrupted or partly failed import is run again after the refused row was fixed in place.
    await writeFile(
      file,
      '{"name":"Ann","categoryId":1}\n{"name":"Cy","categoryId":1}\n{"name":"Ben","categoryId":2}\n',
    );
    expect(await run([file, '--concurrency', '1'])).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify({ total: 3, created: 1, replayed: 2, failed: 0, failures: [] }, null, 2)}\n`,
      stderr: [
        // The progress counts what the summary counts: Ann and Ben replayed, Cy created.
        'import: 1/3 rows, 0 created, 1 replayed, 0 failed',
        'import: 2/3 rows, 1 created, 1 replayed, 0 failed',
        'import: 3/3 rows, 1 created, 2 replayed, 0 failed',
        '',
      ].join('\n'),
    });
    expect((await storedPets()).map((pet) => pet.name)).toStrictEqual(['Ann', 'Ben', 'Cy']);
  });

  it('stops at the first refused key instead of failing every row, and exits 1', async () => {
    const result = await runCli(['pets', 'import', '-'], {
      env: { ...envFor(server), ANIMAL_STORE_API_KEY: 'wrong-key-0123456789abcdef' },
      input: '{"name":"Cat","categoryId":1}\n',
    });
    expect(result).toStrictEqual({
      code: 1,
      stdout: '',
      stderr:
        'import stopped: 0 created, 0 replayed, 0 failed, 1 not sent\n' +
        'error: unauthorized (HTTP 401): The Authorization header is not a valid key.\n',
    });
  });
});
