import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderInRepo, REPO_ROOT, runCheckoutCli } from './support/checkout.js';
import { closedPort, envFor, runCommand } from './support/run-cli.js';

let server: StoreProcess;
let folder: string;
beforeAll(async () => {
  [server, folder] = await Promise.all([startStore(), folderInRepo()]);
  await seedPets(server, [
    { name: 'Rex', categoryId: 1 },
    { name: 'Tom', categoryId: 2, status: 'sold' },
  ]);
});
afterAll(async () => {
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('`pnpm --silent cli` from a checkout behaves as the command itself', () => {
  it('writes only the result to stdout, so a pipe reads clean JSON', async () => {
    const result = await runCheckoutCli(['pets', 'list', '--all', '--json'], { env: envFor(server) });
    expect(result.stderr).toStrictEqual('');
    expect(result.code).toStrictEqual(0);
    expect(JSON.parse(result.stdout)).toStrictEqual([
      { id: 1, name: 'Rex', categoryId: 1 },
      { id: 2, name: 'Tom', categoryId: 2, status: 'sold' },
    ]);
  });

  it('passes exit codes 1, 2 and 3 through unchanged, with only the CLI’s own words on stderr', async () => {
    const wrongKey = { ...envFor(server), ANIMAL_STORE_API_KEY: 'wrong-key-0123456789abcdef' };
    expect(await runCheckoutCli(['pets', 'list'], { env: wrongKey })).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'error: unauthorized (HTTP 401): The Authorization header is not a valid key.\n',
    });
    expect(await runCheckoutCli(['pets', 'list', '--limit', '0'], { env: envFor(server) })).toStrictEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--limit <n>' argument '0' is invalid. must be at least 1\n(run with --help for usage)\n",
    });
    const unreachable = `http://127.0.0.1:${await closedPort()}/v1`;
    expect(
      await runCheckoutCli(['--base-url', unreachable, 'pets', 'list'], { env: envFor(server) }),
    ).toStrictEqual({
      code: 3,
      stdout: '',
      stderr: `error: cannot reach the Animal Store at ${unreachable} (ECONNREFUSED)\n`,
    });
  });

  it('reads relative paths from the folder it is run in: the repository root or a folder inside it', async () => {
    await writeFile(join(folder, 'key.txt'), `${server.apiKey}\n`);
    await writeFile(join(folder, 'pets.ndjson'), '{"name":"Ann","categoryId":1}\n');
    const env = { ANIMAL_STORE_URL: server.baseUrl };

    const inFolder = await runCheckoutCli(
      ['--api-key-file', 'key.txt', 'pets', 'import', 'pets.ndjson', '--json'],
      { env, cwd: folder },
    );
    expect(inFolder.stderr).toStrictEqual('import: 1/1 rows, 1 created, 0 replayed, 0 failed\n');
    expect(JSON.parse(inFolder.stdout)).toMatchObject({ created: 1, replayed: 0, failed: 0 });

    // From the root the same file is data/…/pets.ndjson; the same absolute file means the same keys: a replay.
    const relative = folder.slice(REPO_ROOT.length);
    const fromRoot = await runCheckoutCli(
      ['--api-key-file', join(relative, 'key.txt'), 'pets', 'import', join(relative, 'pets.ndjson')],
      { env },
    );
    expect(fromRoot.code).toStrictEqual(0);
    expect(JSON.parse(fromRoot.stdout)).toMatchObject({ created: 0, replayed: 1, failed: 0 });
  });

  it('names the full path it tried when a relative file is missing', async () => {
    const result = await runCheckoutCli(['pets', 'import', 'missing.ndjson'], {
      env: envFor(server),
      cwd: folder,
    });
    expect(result).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `error: cannot read missing.ndjson (ENOENT at ${join(folder, 'missing.ndjson')})\n`,
    });
    const keyFile = await runCheckoutCli(['--api-key-file', 'missing-key.txt', 'pets', 'list'], {
      env: { ANIMAL_STORE_URL: server.baseUrl },
      cwd: folder,
    });
    expect(keyFile).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `error: cannot read --api-key-file missing-key.txt (ENOENT at ${join(folder, 'missing-key.txt')})\n`,
    });
  });
});

describe('an unbuilt CLI', () => {
  it('says to run `pnpm build` instead of printing a module-resolution stack', async () => {
    // A copy of the bin without the bundle beside it: the state of a fresh clone before `pnpm build`.
    const dir = await mkdtemp(join(tmpdir(), 'animal-store-unbuilt-'));
    try {
      await mkdir(join(dir, 'bin'));
      await copyFile(join(REPO_ROOT, 'apps/cli/bin/animal-store.js'), join(dir, 'bin/animal-store.js'));
      await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
      const result = await runCommand(process.execPath, [join(dir, 'bin/animal-store.js'), 'pets', 'list']);
      expect(result).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: `error: animal-store is not built (${join(dir, 'dist/animal-store.js')} is missing): run \`pnpm build\` in the repository root\n`,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
