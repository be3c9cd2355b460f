import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutsideProject,
  type OutsideProject,
  packTarballs,
  readmeExample,
  type Tarballs,
} from './support/outside-project.js';

/** npm fetches the projects' other packages, and TypeScript compiles twice in each: minutes on a slow network. */
const INSTALL_TIMEOUT_MS = 300_000;
const STEP_TIMEOUT_MS = 120_000;

let store: StoreProcess;
let tarballs: Tarballs;
let onZod4: OutsideProject;
let onZod3: OutsideProject;

// A new project gets the current TypeScript; an older one may still be on the version this repository builds with.
const NEW_PROJECT_TOOLING = ['typescript@^7', '@types/node@^20.19.0'];
const OLDER_PROJECT_TOOLING = ['typescript@~5.9.3', '@types/node@^20.19.0'];

beforeAll(async () => {
  [store, tarballs] = await Promise.all([startStore(), packTarballs()]);
  [onZod4, onZod3] = await Promise.all([
    createOutsideProject({
      name: 'outside-on-zod-4',
      packages: ['zod@^4', ...NEW_PROJECT_TOOLING],
      importsContract: false,
      tarballs,
    }),
    // The contract's README names its peers: @ts-rest/core and Zod 3.
    createOutsideProject({
      name: 'outside-on-zod-3',
      packages: ['zod@^3.25', '@ts-rest/core@3.52.1', ...OLDER_PROJECT_TOOLING],
      importsContract: true,
      tarballs,
    }),
  ]);
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([store?.stop(), tarballs?.remove(), onZod4?.remove(), onZod3?.remove()]);
});

it("keeps the README's example, which every project runs, under 20 lines", async () => {
  expect((await readmeExample()).trimEnd().split('\n').length).toBeLessThan(20);
});

describe.each([
  ['Zod 4, using the client only', () => onZod4, '4.'],
  ['Zod 3, using the client and the contract', () => onZod3, '3.25.'],
])('an npm project on %s', (_, project, zodVersion) => {
  it('has its own Zod at the top level', async () => {
    expect(await project().versionOf('zod')).toMatch(new RegExp(`^${zodVersion.replaceAll('.', '\\.')}`));
  });

  it.each(['tsconfig.node16.json', 'tsconfig.bundler.json'])(
    'typechecks strictly, with exact types, under %s',
    async (tsconfig) => {
      const checked = await project().run('tsc', ['-p', tsconfig, '--noEmit']);
      expect(checked.stdout + checked.stderr).toStrictEqual('');
      expect(checked.code).toStrictEqual(0);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'lists, creates and handles a refusal against a real store',
    async () => {
      const built = await project().run('tsc', ['-p', 'tsconfig.node16.json']);
      expect(built.stdout + built.stderr).toStrictEqual('');
      const ran = await project().run(process.execPath, ['dist/scenario.js', store.baseUrl, store.apiKey]);
      expect(ran.stderr).toStrictEqual('');
      const seen = JSON.parse(ran.stdout);
      expect(seen.created).toStrictEqual({
        id: expect.any(Number),
        name: 'Outside',
        categoryId: 4,
        status: 'pending',
      });
      expect(seen.listed).toContainEqual(seen.created);
      expect(seen.refusal).toStrictEqual({ code: 'validation_failed', status: 400, requestId: true });

      const example = await project().run(process.execPath, ['dist/readme-example.js'], {
        ANIMAL_STORE_URL: store.baseUrl,
        ANIMAL_STORE_API_KEY: store.apiKey,
      });
      expect(example).toMatchObject({ code: 0, stderr: '' });
      expect(example.stdout).toContain(`${seen.created.id} Outside\n`);
      expect(example.stdout).toMatch(/^Added Rex as \d+$/m);

      const refused = await project().run(process.execPath, ['dist/readme-example.js'], {
        ANIMAL_STORE_URL: store.baseUrl,
        ANIMAL_STORE_API_KEY: 'as_not-a-key-of-this-store',
      });
      expect(refused).toMatchObject({ code: 0, stdout: '' });
      expect(refused.stderr).toMatch(/^unauthorized \(HTTP 401\): .+ \[request [0-9a-f-]{36}\]\n$/);
    },
    STEP_TIMEOUT_MS,
  );
});
