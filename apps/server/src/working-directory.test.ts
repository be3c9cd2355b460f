import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { call, serveStore } from './test-support/data-command.js';
import { runTypedIn } from './test-support/typed-command.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'animal-store-typed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('reads a relative file: path from where the command was typed, for the server, keys and data alike', async () => {
  const typedIn = join(root, 'ops');
  const deeper = join(typedIn, 'backups');
  mkdirSync(deeper, { recursive: true });
  const store = join(root, 'store.db');
  // As pnpm runs `keys` and `data` (in apps/server) and `pnpm start` (at the root) for a user in `ops/`.
  const byPnpm = { DATABASE_URL: 'file:../store.db', INIT_CWD: typedIn };

  // No store yet: `keys` refuses, naming the absolute path, and creates nothing.
  const early = await runTypedIn(serverDir, 'src/keys-cli.ts', byPnpm, ['create', '--name', 'ops']);
  expect(early).toStrictEqual({
    code: 1,
    output: `keys: there is no store at ${store} (the file does not exist): set DATABASE_URL to the store's file (a relative file: path is relative to the folder you typed the command in), or start the server on it once to create it.\n`,
  });
  expect(existsSync(store)).toBe(false);

  const first = await serveStore(byPnpm.DATABASE_URL, {
    INIT_CWD: typedIn,
    API_KEYS: 'a-configured-key-0123',
  });
  await first.server.stop();
  expect(existsSync(store)).toBe(true);

  const created = await runTypedIn(serverDir, 'src/keys-cli.ts', byPnpm, ['create', '--name', 'ops']);
  expect(created.code, created.output).toBe(0);
  expect(created.output).toContain(` in ${store}. It is shown only this once:\n`);
  const key = /^(as_[\w-]+)$/m.exec(created.output)?.[1] ?? '';

  // Typed in `ops/backups` without pnpm: the process's own folder is where it was typed.
  const backup = await runTypedIn(deeper, 'src/data-cli.ts', { DATABASE_URL: 'file:../../store.db' }, [
    'backup',
    'x.db',
  ]);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain(`Backed up ${store} to ${join(deeper, 'x.db')} (`);

  const restore = await runTypedIn(
    serverDir,
    'src/data-cli.ts',
    { DATABASE_URL: 'file:restored.db', INIT_CWD: deeper },
    ['restore', 'x.db'],
  );
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain(`Restored ${join(deeper, 'x.db')} into ${join(deeper, 'restored.db')}.\n`);

  const check = await runTypedIn(typedIn, 'src/data-cli.ts', { DATABASE_URL: 'file:backups/restored.db' }, [
    'check',
  ]);
  expect(check.output).toMatch(new RegExp(`^database\\t${join(deeper, 'restored.db')}\\n`));

  // The server, from `ops/`, serves the restored store with the key `keys` made.
  const restored = await serveStore('file:backups/restored.db', { INIT_CWD: typedIn });
  try {
    expect(await call(restored.origin, key, '/v1/pets')).toMatchObject({ status: 200, body: [] });
  } finally {
    await restored.server.stop();
  }
  expect(existsSync(join(serverDir, 'backups'))).toBe(false);
  expect(existsSync(join(serverDir, '..', 'store.db'))).toBe(false);
});
