import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { folderInRepo } from './support/checkout.js';
import { type InstalledCli, installPackedCli } from './support/installed-cli.js';
import { closedPort, envFor } from './support/run-cli.js';

let server: StoreProcess;
let installed: InstalledCli;
let folder: string;
beforeAll(async () => {
  [server, installed, folder] = await Promise.all([startStore(), installPackedCli(), folderInRepo()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([
    server?.stop(),
    installed?.remove(),
    folder && rm(folder, { recursive: true, force: true }),
  ]);
});

describe('`animal-store` installed with npm install --global from the packed tarball', () => {
  it('is self-contained: the installed package has no dependencies to fetch', async () => {
    expect((await readdir(installed.packageDir)).sort()).toStrictEqual([
      'README.md',
      'bin',
      'dist',
      'package.json',
    ]);
    expect(await installed.run(['--version'])).toStrictEqual({
      code: 0,
      stdout: `${packageJson.version}\n`,
      stderr: '',
    });
  });

  it('runs by name from any folder, reading relative paths from there', async () => {
    await writeFile(join(folder, 'key.txt'), server.apiKey);
    await writeFile(
      join(folder, 'pets.json'),
      '[{"name":"Ada","categoryId":1},{"name":"Bo","categoryId":2}]',
    );
    const env = { ANIMAL_STORE_URL: server.baseUrl };

    const imported = await installed.run(['--api-key-file', 'key.txt', 'pets', 'import', 'pets.json'], {
      env,
      cwd: folder,
    });
    expect(imported).toStrictEqual({
      code: 0,
      stdout: `${JSON.stringify({ total: 2, created: 2, replayed: 0, failed: 0, failures: [] }, null, 2)}\n`,
      stderr:
        'import: 1/2 rows, 1 created, 0 replayed, 0 failed\nimport: 2/2 rows, 2 created, 0 replayed, 0 failed\n',
    });
    const listed = await installed.run(['pets', 'list', '--all'], { env: envFor(server) });
    expect(listed.code).toStrictEqual(0);
    expect(JSON.parse(listed.stdout).map((pet: { name: string }) => pet.name)).toStrictEqual(['Ada', 'Bo']);
  });

  it('exits with 2 for a usage error and 3 for an unreachable server', async () => {
    expect(await installed.run(['pets', 'add', '--name', 'Rex'], { env: envFor(server) })).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: "error: required option '--category-id <id>' not specified\n(run with --help for usage)\n",
    });
    const unreachable = `http://127.0.0.1:${await closedPort()}/v1`;
    expect(
      await installed.run(['pets', 'list'], { env: { ...envFor(server), ANIMAL_STORE_URL: unreachable } }),
    ).toStrictEqual({
      code: 3,
      stdout: '',
      stderr: `error: cannot reach the Animal Store at ${unreachable} (ECONNREFUSED)\n`,
    });
  });
});
