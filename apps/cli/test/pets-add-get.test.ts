import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';

const DEPRECATION =
  'warning: `pets get` calls getPet (GET /pets/{id}), which is deprecated and will be removed on 5 December 2030. ' +
  'The API offers no other way to fetch one animal by id: use `animal-store pets list` (GET /pets) instead, ' +
  'with --status to narrow it and --all for every page.\n';

let server: StoreProcess;
beforeAll(async () => {
  server = await startStore();
});
afterAll(() => server.stop());

const cli = (...args: string[]) => runCli(args, { env: envFor(server) });

describe('pets add', () => {
  it('creates an animal and prints it with its id', async () => {
    const result = await cli('pets', 'add', '--name', 'Rex', '--category-id', '4', '--status', 'available');
    expect(result.code).toStrictEqual(0);
    expect(result.stderr).toStrictEqual('');
    expect(JSON.parse(result.stdout)).toStrictEqual({
      id: 1,
      name: 'Rex',
      categoryId: 4,
      status: 'available',
    });
  });

  it('leaves the status out when none is given, and keeps names in any script', async () => {
    const result = await cli(
      'pets',
      'add',
      '--name',
      'Ünïcødé 🐕 猫',
      '--category-id',
      '9007199254740991',
      '--json',
    );
    expect(JSON.parse(result.stdout)).toStrictEqual({
      id: 2,
      name: 'Ünïcødé 🐕 猫',
      categoryId: 9007199254740991,
    });
  });

  it('reads the API key from --api-key-file, with its trailing newline', async () => {
    const keyFile = join(tmpdir(), `animal-store-key-${process.pid}`);
    await writeFile(keyFile, `${server.apiKey}\n`, { mode: 0o600 });
    const result = await runCli(
      ['--api-key-file', keyFile, 'pets', 'add', '--name', 'Kit', '--category-id', '2'],
      {
        env: { ANIMAL_STORE_URL: server.baseUrl },
      },
    );
    expect(result).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify({ id: 3, name: 'Kit', categoryId: 2 }, null, 2)}\n`,
      stderr: '',
    });
  });
});

describe('pets get', () => {
  it('prints the animal and warns on stderr that the operation is going away, naming the replacement', async () => {
    expect(await cli('pets', 'get', '1')).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify({ id: 1, name: 'Rex', categoryId: 4, status: 'available' }, null, 2)}\n`,
      stderr: DEPRECATION,
    });
  });

  it('exits with 1 and the server code and message for an unknown id', async () => {
    expect(await cli('pets', 'get', '404')).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `${DEPRECATION}error: pet_not_found (HTTP 404): No animal has id 404.\n`,
    });
  });
});
