import { type AuditEvent, AuditEventSchema, auditCanonicalForm, displayWidth } from '@animal-store/contract';
import { seedKey } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';
import { runInTerminal } from './support/terminal.js';

let server: StoreProcess;
/** The key `ci pipeline`, then its successor, and a key refused the key list. */
let pipeline: number;
let successor: number;
beforeAll(async () => {
  server = await startStore();
  pipeline = (await seedKey(server, { name: 'ci pipeline', scopes: ['pets:read'] })).id as number;
  const rotated = await cli('keys', 'rotate', String(pipeline));
  successor = JSON.parse(rotated.stdout).id;
  const reader = await seedKey(server, { name: 'reader', scopes: ['pets:read'] });
  const refused = await runCli(['keys', 'list'], {
    env: { ...envFor(server), ANIMAL_STORE_API_KEY: reader.key },
  });
  expect(refused.code).toBe(1);
});
afterAll(() => server.stop());

const cli = (...args: string[]) => runCli(args, { env: envFor(server) });

/** JSON Lines: one event a line, each as the contract describes it. */
function jsonLines(stdout: string): AuditEvent[] {
  expect(stdout.endsWith('\n') || stdout === '').toBe(true);
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => AuditEventSchema.parse(JSON.parse(line)));
}

describe('audit list', () => {
  it('writes JSON Lines into a pipe, newest first, one page with a note on stderr that more follow', async () => {
    const all = jsonLines((await cli('audit', 'list', '--all')).stdout);
    // Created, rotated, created, refused: newest first.
    expect(all.map((event) => [event.action, event.outcome])).toStrictEqual([
      ['api_keys.listed', 'refused'],
      ['api_key.created', 'done'],
      ['api_key.rotated', 'done'],
      ['api_key.created', 'done'],
    ]);
    const page = await cli('audit', 'list', '--limit', '2');
    expect(page.code).toBe(0);
    expect(jsonLines(page.stdout)).toStrictEqual(all.slice(0, 2));
    expect(page.stderr).toBe('More events follow: add --all to list every page.\n');
    // --json says the same at a terminal or not.
    expect((await cli('audit', 'list', '--limit', '2', '--json')).stdout).toBe(page.stdout);
  });

  it('follows every page with --all, and the export is a chain an auditor can check line by line', async () => {
    const result = await cli('audit', 'list', '--all', '--limit', '1');
    expect(result).toStrictEqual({ code: 0, stdout: expect.any(String), stderr: '' });
    const events = jsonLines(result.stdout);
    expect(events).toHaveLength(4);
    const sha256 = async (text: string) =>
      Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');
    for (const [index, event] of events.entries()) {
      const { hash, ...rest } = event;
      expect(await sha256(auditCanonicalForm(rest))).toBe(hash);
      const older = events[index + 1];
      if (older) expect(event.previousHash).toBe(older.hash);
    }
  });

  it('narrows to one key, an action, and a time range', async () => {
    const ofPipeline = jsonLines((await cli('audit', 'list', '--key', String(pipeline))).stdout);
    expect(ofPipeline.map((event) => [event.action, event.keyId, event.successorId])).toStrictEqual([
      ['api_key.rotated', pipeline, successor],
      ['api_key.created', pipeline, null],
    ]);
    const rotations = jsonLines((await cli('audit', 'list', '--action', 'api_key.rotated')).stdout);
    expect(rotations.map((event) => event.keyId)).toStrictEqual([pipeline]);
    expect(await cli('audit', 'list', '--until', '2020-01-01')).toStrictEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const newest = jsonLines((await cli('audit', 'list', '--limit', '1')).stdout)[0] as AuditEvent;
    expect(jsonLines((await cli('audit', 'list', '--since', newest.at)).stdout)).toStrictEqual([newest]);
  });

  it('prints an aligned table at a terminal, within its width', async () => {
    const { code, output } = await runInTerminal(['audit', 'list'], envFor(server), 120);
    expect(code).toBe(0);
    const lines = output.split('\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^ID {2}AT \(UTC\) +ACTOR +ACTION +OUTCOME +FROM$/);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(120);
    expect(lines[1]).toMatch(
      /^ 4 {2}\d{4}-\d\d-\d\dT\d\d:\d\dZ {2}reader \(\d+\) +api_keys\.listed +refused: insufficient_scope {2}127\.0\.0\.1$/,
    );
    expect(lines[3]).toMatch(
      new RegExp(`API_KEYS #1 \\(env-1\\) +api_key\\.rotated ${pipeline} -> ${successor} +done`),
    );
    // A terminal that does not tell its width gets 100 columns: the actor gives up room, and nothing else does.
    const narrow = await runInTerminal(['audit', 'list'], envFor(server));
    for (const line of narrow.output.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(100);
    expect(narrow.output).toContain(`API_KEYS #1 …  api_key.rotated ${pipeline} -> ${successor}`);
    expect(await runInTerminal(['audit', 'list', '--until', '2020-01-01'], envFor(server))).toStrictEqual({
      code: 0,
      output: 'No events match.\n',
    });
  });

  it('exits 1 for a key without keys:manage and 2 for a bad flag, sending nothing', async () => {
    const reader = await seedKey(server, { name: 'another reader', scopes: ['pets:read'] });
    expect(
      await runCli(['audit', 'list'], { env: { ...envFor(server), ANIMAL_STORE_API_KEY: reader.key } }),
    ).toStrictEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: insufficient_scope (HTTP 403): This API key lacks the `keys:manage` scope, which listAuditEvents needs.\n',
    });
    const bad = await cli('audit', 'list', '--action', 'api_key.deleted');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: option '--action <action>' argument 'api_key.deleted' is invalid/);
    const badKey = await cli('audit', 'list', '--key', 'seven');
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain('must be the id of a key');
  });
});
