import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { runDataCommand } from '../test-support/data-command.js';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';

/** A tmpfs of `size` at `folder`, or undefined where this user may not mount one (not root, or no privilege). */
function mountTmpfs(folder: string, options: string): boolean {
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', folder], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('data command failures: one sentence naming where, and what to do', () => {
  let store: TestDatabase;
  let path: string;
  let folder: string;
  const mounted: string[] = [];

  beforeAll(async () => {
    store = await sqliteTestDatabase.create();
    path = store.config.kind === 'sqlite' ? store.config.path : '';
    folder = join(path, '..');
    const repositories = await openRepositories(store.config);
    await repositories.pets.create({ name: 'Rex', categoryId: 4 });
    await repositories.database.close();
  });

  afterAll(async () => {
    for (const point of mounted) execFileSync('umount', [point]);
    await store?.drop();
  });

  it('a backup into a folder that does not exist', async () => {
    const file = join(folder, 'no-such-folder', 'backup.db');
    expect(await runDataCommand({ DATABASE_URL: `file:${path}` }, 'backup', file)).toStrictEqual({
      code: 1,
      output: `data: cannot write the backup ${file}: the folder ${folder}/no-such-folder does not exist: create it, or name a file in a folder that exists.\n`,
    });
  });

  it('a backup into a read-only folder', async (context) => {
    const readOnly = join(folder, 'read-only');
    if (!mountTmpfs(readOnly, 'ro,size=64k')) context.skip();
    mounted.push(readOnly);
    const file = join(readOnly, 'backup.db');
    expect(await runDataCommand({ DATABASE_URL: `file:${path}` }, 'backup', file)).toStrictEqual({
      code: 1,
      output: `data: cannot write the backup ${file}: this user may not write in the folder ${readOnly} (a read-only file system): name a folder it may write.\n`,
    });
  });

  it.each(['backup', 'check', 'copy'])('%s from a SQLite file that does not exist', async (command) => {
    const missing = join(folder, 'missing.db');
    const args = {
      backup: [join(folder, 'b.db')],
      check: [],
      copy: ['--to', `file:${join(folder, 'c.db')}`],
    };
    expect(
      await runDataCommand(
        { DATABASE_URL: `file:${missing}` },
        command,
        ...(args[command as 'backup'] ?? []),
      ),
    ).toStrictEqual({
      code: 1,
      output: `data: there is no SQLite database at ${missing} (the file does not exist): set DATABASE_URL to the store's file (a relative file: path is relative to the folder you typed the command in).\n`,
    });
  });

  it("a restore of an older backup when TMPDIR's disk is full", async (context) => {
    const full = join(folder, 'full-tmp');
    if (!mountTmpfs(full, 'size=64k')) context.skip();
    mounted.push(full);
    // An older backup (as the release before migration 006 wrote it) is brought forward in a copy under TMPDIR.
    const older = join(folder, 'older.db');
    const made = await runDataCommand({ DATABASE_URL: `file:${path}` }, 'backup', older);
    expect(made.code, made.output).toBe(0);
    const edit = new SqliteDatabase(older);
    edit.exec(`alter table api_keys drop column replaces_id; drop table store_version;
      delete from kysely_migration where name >= '006-'`);
    // Larger than the tmpfs.
    edit.exec(`create table ballast (b blob); insert into ballast values (zeroblob(200000))`);
    edit.close();
    const restored = await runDataCommand(
      { DATABASE_URL: `file:${join(folder, 'restored.db')}`, TMPDIR: full },
      'restore',
      older,
    );
    expect(restored.code).toBe(1);
    expect(restored.output).toMatch(
      new RegExp(
        `^data: the disk of the temporary folder ${full} \\(TMPDIR\\) is full: a backup from an earlier release is brought to this release's schema in a copy there, about \\d+ MB; free space on it, or set TMPDIR to a folder on a disk with room\\.\\n$`,
      ),
    );
  });

  it('an unreachable PostgreSQL server, named without its password', async () => {
    // A port nothing listens on: taken, then given back.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const url = `postgres://ops:secret@127.0.0.1:${port}/store`;
    expect(await runDataCommand({ DATABASE_URL: url }, 'check')).toStrictEqual({
      code: 1,
      output: `data: cannot reach the PostgreSQL server of postgres://ops@127.0.0.1:${port}/store (ECONNREFUSED): check that it runs and that the URL names its host and port.\n`,
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a copy to a PostgreSQL database that does not exist',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = '/animal_store_no_such_database';
      const copied = await runDataCommand({ DATABASE_URL: `file:${path}` }, 'copy', '--to', url.toString());
      expect(copied).toStrictEqual({
        code: 1,
        output: `data: the PostgreSQL database at ${url} does not exist: create it (\`createdb animal_store_no_such_database\`), then run the command again.\n`,
      });
    },
  );
});
