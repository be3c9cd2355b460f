import { seedKey } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from './support/keys.js';
import { envFor, runCli } from './support/run-cli.js';

let server: StoreProcess;
beforeAll(async () => {
  server = await startStore();
});
afterAll(() => server.stop());

const cli = (...args: string[]) => runCli(args, { env: envFor(server) });

describe('a key without keys:manage', () => {
  it.each([
    [['keys', 'list'], 'listApiKeys'],
    [['keys', 'create', '--name', 'mine', '--scope', 'keys:manage'], 'createApiKey'],
    [['keys', 'revoke', '1'], 'revokeApiKey'],
    [['keys', 'rotate', '1'], 'rotateApiKey'],
  ])('`%s` exits with 1 and the message naming the scope %s needs', async (args, operation) => {
    const writer = await seedKey(server, { name: 'writer', scopes: ['pets:read', 'pets:write'] });
    const result = await runCli(args, { env: { ...envFor(server), ANIMAL_STORE_API_KEY: writer.key } });
    expect(result).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `error: insufficient_scope (HTTP 403): This API key lacks the \`keys:manage\` scope, which ${operation} needs.\n`,
    });
  });
});

describe('bad input', () => {
  it("refuses an unknown scope before sending anything, in the store's words", async () => {
    expect(
      await cli('keys', 'create', '--name', 'x', '--scope', 'pets:read', '--scope', 'pets:delete'),
    ).toStrictEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--scope <scope>' argument 'pets:delete' is invalid. must be one of pets:read, pets:write, keys:manage\n" +
        '(run with --help for usage)\n',
    });
  });

  it.each([
    [daysAhead(-1), "body field 'expiresAt': must be in the future"],
    [`${daysAhead(0)}T00:00:00Z`, "body field 'expiresAt': must be in the future"],
    [daysAhead(800), "body field 'expiresAt': must be at most 730 days ahead"],
  ])('passes --expires %s to the store and shows its refusal', async (expires, message) => {
    expect(
      await cli('keys', 'create', '--name', 'x', '--scope', 'pets:read', '--expires', expires),
    ).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `error: validation_failed (HTTP 400): ${message}\n`,
    });
  });
});
