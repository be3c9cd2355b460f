import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@animal-store/testing/free-port';
import { seedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeExample, runCommand } from './support/outside-project.js';

/** This package as built, which the example imports by name (the outside-project test installs the tarball). */
const BUILT_CLIENT = new URL('../dist/index.js', import.meta.url).href;

let store: StoreProcess;
let folder: string;
let example: string;

beforeAll(async () => {
  [store, folder] = await Promise.all([startStore(), mkdtemp(join(tmpdir(), 'animal-store-readme-'))]);
  await seedPets(store, [{ name: 'Bella', categoryId: 2, status: 'available' }]);
  // The README's code as a reader copies it, its types stripped, its import pointed at this build.
  const { outputText } = ts.transpileModule(await readmeExample(), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  example = join(folder, 'readme-example.mjs');
  await writeFile(example, outputText.replace(`'@animal-store/client'`, `'${BUILT_CLIENT}'`));
});

afterAll(async () => {
  await Promise.all([store?.stop(), folder && rm(folder, { recursive: true, force: true })]);
});

const runExample = (baseUrl: string) =>
  runCommand(process.execPath, [example], {
    cwd: folder,
    env: { ANIMAL_STORE_URL: baseUrl, ANIMAL_STORE_API_KEY: store.apiKey },
  });

describe("the client README's example", () => {
  it('lists the animals and adds one, against a real store', async () => {
    const ran = await runExample(store.baseUrl);
    expect(ran).toStrictEqual({ code: 0, stdout: expect.any(String), stderr: '' });
    expect(ran.stdout).toMatch(/^1 Bella\nAdded Rex as 2\n$/);
  });

  it('says the base URL usually ends in /v1, as the CLI does, when it does not', async () => {
    const ran = await runExample(store.origin);
    expect(ran).toStrictEqual({ code: 0, stdout: '', stderr: expect.any(String) });
    expect(ran.stderr).toMatch(
      new RegExp(
        `^route_not_found \\(HTTP 404\\): No operation at GET /pets\\. \\(the base URL usually ends in /v1, e\\.g\\. ${store.origin.replaceAll('.', '\\.')}/v1\\) \\[request [0-9a-f-]{36}\\]\\n$`,
      ),
    );
  });

  it('says plainly that no answer came from an address nothing listens on, with no request id', async () => {
    const address = `http://127.0.0.1:${await freePort()}/v1`;
    expect(await runExample(address)).toStrictEqual({
      code: 0,
      stdout: '',
      stderr: `unreachable (no answer): Could not reach ${address}/pets: ECONNREFUSED.\n`,
    });
  });
});
