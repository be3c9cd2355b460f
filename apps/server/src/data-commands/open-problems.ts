import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Why a file cannot be created at `path`, in words that say where and what to do; undefined when it can be. SQLite
 * itself says only "unable to open database file", with no path.
 */
export function creationProblem(path: string): string | undefined {
  const folder = dirname(path);
  if (!existsSync(folder)) {
    return `the folder ${folder} does not exist: create it, or name a file in a folder that exists`;
  }
  try {
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `this user may not write in the folder ${folder} (${code === 'EROFS' ? 'a read-only file system' : 'permission denied'}): name a folder it may write`;
  }
}

/** A store to read that is not there: SQLite, asked not to create it, would say "unable to open database file". */
export const noSqliteDatabase = (path: string) =>
  `there is no SQLite database at ${path} (the file does not exist): set DATABASE_URL to the store's file (a relative file: path is relative to the folder you typed the command in)`;

/** The PostgreSQL error codes a first connection meets, in words: the database named, and what to do. */
export function postgresConnectProblem(error: Error & { code?: string }, label: string): string {
  const database = URL.canParse(label) ? decodeURIComponent(new URL(label).pathname.slice(1)) : '';
  switch (error.code) {
    case '3D000':
      return `the PostgreSQL database at ${label} does not exist: create it (\`createdb ${database || 'NAME'}\`), then run the command again`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the login to ${label} (${error.message}): check the user name and password in the URL`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ECONNRESET':
      return `cannot reach the PostgreSQL server of ${label} (${error.code}): check that it runs and that the URL names its host and port`;
    default:
      return `cannot connect to the PostgreSQL database at ${label} (${error.message})`;
  }
}
