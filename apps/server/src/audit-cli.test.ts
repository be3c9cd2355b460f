import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStore } from './test-support/data-command.js';
import { runServerScript } from './test-support/server-process.js';

describe('audit command, and the key operations made outside the API', () => {
  let directory: string;
  let env: Record<string, string>;

  const run = async (script: string, ...args: string[]) => {
    const command = runServerScript(script, env, args);
    return { code: await command.exited, output: command.output() };
  };

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'animal-store-audit-'));
    env = { DATABASE_URL: `file:${join(directory, 'store.db')}` };
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('lists, newest first, the first key made at start-up and the keys command’s create and revoke, by the operator', async () => {
    const { server } = await serveStore(env.DATABASE_URL as string);
    await server.stop();
    expect((await run('src/keys-cli.ts', 'create', '--name', 'ci pipeline')).code).toBe(0);
    expect((await run('src/keys-cli.ts', 'revoke', '2')).code).toBe(0);

    const listed = await run('src/audit-cli.ts', 'list');
    const user = userInfo().username;
    const at = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(
      new RegExp(
        [
          'ID\tAT\tACTION\tOUTCOME\tBY\tKEY\tFROM\tREQUEST',
          `3\t${at}\tapi_key.revoked\tdone\tkeys revoke by ${user}\t2\t-\t-`,
          `2\t${at}\tapi_key.created\tdone\tkeys create by ${user}\t2\t-\t-`,
          `1\t${at}\tapi_key.created\tdone\tserver start-up by ${user}\t1\t-\t-`,
          '',
        ].join('\n'),
      ),
    );
    const ofKey = await run('src/audit-cli.ts', 'list', '--key', '1', '--limit', '5');
    expect(ofKey.output.trim().split('\n')).toHaveLength(2);
  });

  it.each([
    [['list', '--key', 'seven'], "--key 'seven' is not a key id: a whole number from 1, or env-1, env-2…"],
    [['list', '--action', 'api_key.deleted'], "--action 'api_key.deleted' is not an action"],
    [['list', '--limit', '0'], "--limit '0' is not a whole number from 1 to 1000"],
    [['show'], "unknown command 'show': use list"],
  ])('%j exits 2, saying what is wrong before the usage', async (args, problem) => {
    const result = await run('src/audit-cli.ts', ...args);
    expect(result.code).toBe(2);
    expect(result.output.startsWith(`audit: ${problem}`)).toBe(true);
    expect(result.output).toContain('Usage:\n  audit list');
  });
});
