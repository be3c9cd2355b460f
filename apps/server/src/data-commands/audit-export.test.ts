import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEvent } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventsInOrder } from '../store/audit-events-in-order.js';
import { openRepositories } from '../store/repositories.js';
import { runDataCommand } from '../test-support/data-command.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';

/** The `sh` blocks of docs/keys.md's "Verifying the audit log": the recipes an auditor copies. */
function documentedRecipes(): { jq: string; node: string } {
  const docs = readFileSync(new URL('../../../../docs/keys.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('### Verifying the audit log'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  const find = (marker: string) => {
    const block = blocks.find((each) => each.includes(marker));
    if (!block) throw new Error(`docs/keys.md has no recipe with ${marker}`);
    return block;
  };
  return { jq: find('jq -cj'), node: find('node -e') };
}

const runIn = (folder: string, script: string) => {
  const run = spawnSync('bash', ['-c', script], { cwd: folder, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
};

describe.each(testDatabaseKinds)('data audit-export on $name', (kind) => {
  let database: TestDatabase;
  let folder: string;
  let events: AuditEvent[];

  beforeAll(async () => {
    database = await kind.create();
    const store = await openRepositories(database.config);
    const key = await store.apiKeys.create('reader ✓ "quoted"', { scopes: ['pets:read'] });
    await store.apiKeys.rotate(key.id, 1);
    await store.apiKeys.revoke(key.id);
    events = [];
    for await (const event of auditEventsInOrder(store.database.db)) events.push(event);
    await store.database.close();
    folder = mkdtempSync(join(tmpdir(), 'animal-store-export-'));
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await database.drop();
  });

  it('writes every event oldest first, one a line as the API shows it, and prints the newest hash', async () => {
    const file = join(folder, 'audit.jsonl');
    const result = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(database.config) },
      'audit-export',
      file,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Exported 3 audit events of `);
    expect(result.output).toContain(`The newest event's hash is ${events.at(-1)?.hash}`);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line))).toStrictEqual(events);

    const again = await runDataCommand(
      { DATABASE_URL: databaseUrlOf(database.config) },
      'audit-export',
      file,
    );
    expect(again.code).toBe(1);
    expect(again.output).toContain('exists already: choose a new file');
  });

  it('verifies by the recipes docs/keys.md gives, which name a changed event', () => {
    const { jq, node } = documentedRecipes();
    expect(runIn(folder, jq)).toStrictEqual({ code: 0, output: '' });
    expect(runIn(folder, node)).toStrictEqual({
      code: 0,
      output: `3 events verify; the newest hash is ${events.at(-1)?.hash}\n`,
    });

    const file = join(folder, 'audit.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = (lines[1] as string).replace('"outcome":"done"', '"outcome":"refused"');
    writeFileSync(file, lines.join('\n'));
    expect(runIn(folder, jq)).toStrictEqual({ code: 0, output: 'event 2 was changed\n' });
    expect(runIn(folder, node)).toStrictEqual({ code: 1, output: 'event 2 breaks the chain\n' });
  });
});
