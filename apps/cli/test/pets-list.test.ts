import { LIST_LIMIT, type NewPet, type Pet } from '@animal-store/contract';
import { seedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';

const STATUSES = ['available', 'pending', 'sold', undefined] as const;
/** More than one default page (20) so that `list` alone stops short, and 25 sold-or-other mixes for filters. */
const SEED: NewPet[] = Array.from({ length: 25 }, (_, index) => {
  const status = STATUSES[index % STATUSES.length];
  return { name: `Pet ${index + 1}`, categoryId: (index % 3) + 1, ...(status && { status }) };
});
const MORE = 'More animals follow: add --all to list every page.\n';

let server: StoreProcess;
let seeded: Pet[];

beforeAll(async () => {
  server = await startStore();
  seeded = await seedPets(server, SEED);
});
afterAll(() => server.stop());

const list = (...args: string[]) => runCli(['pets', 'list', ...args], { env: envFor(server) });
const json = (text: string) => JSON.parse(text) as unknown;

describe('pets list', () => {
  it('prints one page of the server default size as JSON when stdout is a pipe, and says more follow', async () => {
    const result = await list();
    expect(result.code).toStrictEqual(0);
    expect(json(result.stdout)).toStrictEqual(seeded.slice(0, LIST_LIMIT.default));
    expect(result.stderr).toStrictEqual(MORE);
  });

  it('prints pretty JSON with --json, two-space indented', async () => {
    const result = await list('--limit', '1', '--json');
    expect(result.stdout).toStrictEqual(
      '[\n  {\n    "id": 1,\n    "name": "Pet 1",\n    "categoryId": 1,\n    "status": "available"\n  }\n]\n',
    );
  });

  it('follows the next links with --all across several pages, to the last animal', async () => {
    const result = await list('--all', '--limit', '7');
    expect(result.code).toStrictEqual(0);
    expect(json(result.stdout)).toStrictEqual(seeded);
    expect(result.stderr).toStrictEqual('');
  });

  it('filters by status on every page', async () => {
    const result = await list('--status', 'sold', '--limit', '2', '--all');
    expect(json(result.stdout)).toStrictEqual(seeded.filter((pet) => pet.status === 'sold'));
    expect((json(result.stdout) as Pet[]).length).toStrictEqual(6);
  });

  it('says nothing more follows when the page holds the rest', async () => {
    const result = await list('--status', 'pending', '--limit', String(LIST_LIMIT.max));
    expect(result).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify(
        seeded.filter((pet) => pet.status === 'pending'),
        null,
        2,
      )}\n`,
      stderr: '',
    });
  });
});
