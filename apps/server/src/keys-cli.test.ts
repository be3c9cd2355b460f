import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerScript } from './test-support/server-process.js';

describe('keys command', () => {
  let directory: string;
  let env: Record<string, string>;

  const keys = async (...args: string[]) => {
    const run = runServerScript('src/keys-cli.ts', env, args);
    return { code: await run.exited, output: run.output() };
  };

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'animal-store-keys-'));
    env = { DATABASE_URL: `file:${join(directory, 'store.db')}` };
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('creates a key, shows it once, lists it without the key, and revokes it', async () => {
    const created = await keys('create', '--name', 'ci pipeline');
    expect(created.code).toBe(0);
    const key = /^(as_[\w-]{43})$/m.exec(created.output)?.[1];
    expect(created.output).toBe(`Created key 1 (ci pipeline). It is shown only this once:\n${key}\n`);

    const listed = await keys('list');
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(
      new RegExp(`^1\\t${key?.slice(0, 9)}…\\tci pipeline\\tcreated \\S+\\tactive\\n$`),
    );
    expect(listed.output).not.toContain(key);

    expect(await keys('revoke', '1')).toStrictEqual({ code: 0, output: 'Revoked key 1.\n' });
    expect((await keys('list')).output).toMatch(/\trevoked \S+\n$/);
    expect(await keys('revoke', '1')).toStrictEqual({ code: 1, output: 'No active key has id 1.\n' });
  });

  it('exits 2 with the usage for a missing name or an unknown command', async () => {
    for (const args of [['create'], ['rotate'], ['revoke', 'abc'], []]) {
      const result = await keys(...args);
      expect(result.code).toBe(2);
      expect(result.output).toContain('keys create --name NAME');
    }
  });
});
