import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type DatabaseConfig, DEFAULT_SQLITE_PATH } from '../config/config.js';

/** A word the shell passes on as it is, quoted when it holds anything else (a space in a folder's name). */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The variable that points the command at this server's database, when that is not the default. `pnpm dev` sets its
 * own SQLite file inside its script, relative to the server's folder, so the command carries the file's absolute
 * path: run from any folder, it writes where this server reads. A PostgreSQL URL holds a password and is never
 * printed; whoever set it runs the command with the same variable.
 */
function databasePrefix(database: DatabaseConfig): string {
  if (database.kind !== 'sqlite') return '';
  const path = resolve(database.path);
  return path === DEFAULT_SQLITE_PATH ? '' : `DATABASE_URL=${shellWord(`file:${path}`)} `;
}

/**
 * The command that creates a key in `database` where this server runs: in a bundle (`pnpm bundle`, whose package
 * is named `animal-store`) npm runs it, and npm takes options before `--` for itself; in the repository, pnpm does.
 */
export function createKeyCommand(database: DatabaseConfig): string {
  const manifest = new URL('../../package.json', import.meta.url);
  let name: unknown;
  try {
    ({ name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown });
  } catch {
    name = undefined;
  }
  const command =
    name === 'animal-store'
      ? 'npm run --silent keys -- create --name NAME'
      : 'pnpm --silent --filter @animal-store/server keys create --name NAME';
  return `${databasePrefix(database)}${command}`;
}
