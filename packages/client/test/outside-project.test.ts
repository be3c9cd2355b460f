import { createRequire } from 'node:module';
import { FIELD_MESSAGES } from '@animal-store/contract/schemas';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutsideProject,
  filesWithErrors,
  type OutsideProject,
  packTarballs,
  readmeExample,
  type Tarballs,
} from './support/outside-project.js';

/**
 * npm fetches the projects' other packages, and TypeScript compiles twice in each: minutes on a slow network, more
 * beside every other workspace's suite on two cores (108 s seen there). A fail-safe only.
 */
const INSTALL_TIMEOUT_MS = 600_000;
const STEP_TIMEOUT_MS = 120_000;

let store: StoreProcess;
let tarballs: Tarballs;
let onZod4: OutsideProject;
let onZod3: OutsideProject;

// A new project gets the current TypeScript; an older one may still be on the version this repository builds with.
const NEW_PROJECT_TOOLING = ['typescript@^7', '@types/node@^20.19.0'];
const OLDER_PROJECT_TOOLING = ['typescript@~5.9.3', '@types/node@^20.19.0'];

/** Every project's sources: the client's types, and a script run against the store. */
const CLIENT_SOURCES = ['exact-types.ts', 'scenario.ts'];
/** The Zod 4 project's own schemas on the contract's, and the contract through ts-rest (in `with-ts-rest`). */
const CONTRACT_SOURCES = [
  'contract-schemas.ts',
  'contract-exact-types.ts',
  'with-ts-rest/exact-types.ts',
  'with-ts-rest/store-calls.ts',
];
const TS_REST_DECLARATIONS = 'node_modules/@ts-rest/core/';
/** The exact ts-rest the contract is built on, which its README tells a project to install beside it. */
const TS_REST_VERSION = (createRequire(import.meta.url)('@ts-rest/core/package.json') as { version: string })
  .version;

beforeAll(async () => {
  [store, tarballs] = await Promise.all([startStore(), packTarballs()]);
  [onZod4, onZod3] = await Promise.all([
    createOutsideProject({
      name: 'outside-on-zod-4',
      // As the contract's README installs it: with the ts-rest it depends on, which the project imports too.
      install: [
        tarballs.contract,
        tarballs.client,
        'zod@^4',
        `@ts-rest/core@${TS_REST_VERSION}`,
        ...NEW_PROJECT_TOOLING,
      ],
      sources: [...CLIENT_SOURCES, ...CONTRACT_SOURCES],
    }),
    createOutsideProject({
      name: 'outside-on-zod-3',
      // The contract and the client each get the Zod 4 they depend on, nested beside the project's Zod 3.
      install: [tarballs.contract, tarballs.client, 'zod@^3.25', ...OLDER_PROJECT_TOOLING],
      sources: CLIENT_SOURCES,
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
  ['Zod 4, using the client and the contract', () => onZod4, '4.'],
  ['Zod 3, using the client', () => onZod3, '3.25.'],
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

describe('an npm project on Zod 4, using the contract with ts-rest', () => {
  it(
    'typechecks with skipLibCheck, strictly otherwise, with exact types',
    async () => {
      const checked = await onZod4.run('tsc', ['-p', 'tsconfig.with-ts-rest.json', '--noEmit']);
      expect(checked.stdout + checked.stderr).toStrictEqual('');
      expect(checked.code).toStrictEqual(0);
    },
    STEP_TIMEOUT_MS,
  );

  // ts-rest's declarations import Zod 3's type names from `zod`; docs/decisions/002 says what depends on this.
  it(
    "needs skipLibCheck only for ts-rest's own declarations",
    async () => {
      const args = ['-p', 'tsconfig.with-ts-rest.json', '--noEmit', '--skipLibCheck', 'false'];
      const checked = await onZod4.run('tsc', args);
      const files = filesWithErrors(checked.stdout + checked.stderr);
      if (checked.code === 0 && files.length === 0) {
        expect.fail(
          "ts-rest's declarations now typecheck under Zod 4: drop skipLibCheck from the contract's README and this test",
        );
      }
      expect(files).not.toStrictEqual([]);
      expect(files.filter((file) => !file.startsWith(TS_REST_DECLARATIONS))).toStrictEqual([]);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'creates and lists through ts-rest, and reads the answers with its own Zod 4 schemas, against a real store',
    async () => {
      const built = await onZod4.run('tsc', ['-p', 'tsconfig.with-ts-rest.json']);
      expect(built.stdout + built.stderr).toStrictEqual('');
      const ran = await onZod4.run(process.execPath, [
        'dist/with-ts-rest/store-calls.js',
        store.baseUrl,
        store.apiKey,
      ]);
      expect(ran.stderr).toStrictEqual('');
      const seen = JSON.parse(ran.stdout);
      expect(seen.created).toStrictEqual({
        status: 201,
        body: { id: expect.any(Number), name: 'Adopted', categoryId: 5, status: 'sold' },
      });
      expect(seen.listed.status).toStrictEqual(200);
      expect(seen.listed.body).toContainEqual(seen.created.body);
      // The contract's rules and words, through the project's own schema built on it.
      expect(seen.refused).toStrictEqual([
        { path: ['name'], message: FIELD_MESSAGES.nameBlank },
        { path: ['adopterEmail'], message: expect.any(String) },
      ]);
      expect(seen.adopterEmail).toStrictEqual('ada@example.com');
    },
    STEP_TIMEOUT_MS,
  );
});
