import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';

let server: StoreProcess;
let dir: string;

beforeAll(async () => {
  [server, dir] = await Promise.all([startStore(), mkdtemp(join(tmpdir(), 'animal-store-rotation-'))]);
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const cli = (args: string[], apiKey = server.apiKey) =>
  runCli(args, { env: { ...envFor(server), ANIMAL_STORE_API_KEY: apiKey } });

/**
 * Makes or rotates a key straight over HTTP with the store's own key, as the seeding helpers do, and gives its id
 * and secret: the import is what is tested here.
 */
async function issued(path: string, body: unknown): Promise<{ id: number; key: string }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toStrictEqual(201);
  const { id, key } = (await response.json()) as { id: number; key: string };
  return { id, key };
}
const rotated = (keyId: number) => issued(`/api-keys/${keyId}/rotate`, { overlapHours: 1 });

const summary = (created: number, replayed: number) =>
  `${JSON.stringify({ total: 5, created, replayed, failed: 0, failures: [] }, null, 2)}\n`;

describe('pets import across a rotation of its key', () => {
  it('replays every row when the same file is imported again with the successor, and creates no animal twice', async () => {
    const file = join(dir, 'pets.ndjson');
    const rows = Array.from({ length: 5 }, (_, index) => ({
      name: `Rotated ${index}`,
      categoryId: index + 1,
    }));
    await writeFile(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    const importer = await issued('/api-keys', { name: 'importer', scopes: ['pets:write'] });

    expect((await cli(['pets', 'import', file], importer.key)).stdout).toStrictEqual(summary(5, 0));
    const successor = await rotated(importer.id);
    expect((await cli(['pets', 'import', file], successor.key)).stdout).toStrictEqual(summary(0, 5));
    // Once more after a second rotation: the whole line replays.
    const next = await rotated(successor.id);
    expect((await cli(['pets', 'import', file], next.key)).stdout).toStrictEqual(summary(0, 5));

    const listed = await cli(['pets', 'list', '--all']);
    const names = (JSON.parse(listed.stdout) as { name: string }[]).map((pet) => pet.name).sort();
    expect(names).toStrictEqual(rows.map((row) => row.name));
  });
});
