import { isAbsolute, resolve } from 'node:path';

/**
 * A file that could not be read, as an error message shows it: with the error code and, for a relative name,
 * the full path it was looked up at, since the folder it was resolved in is what surprises people.
 */
export function unreadableFile(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
  return isAbsolute(path) ? `${path} (${code})` : `${path} (${code} at ${resolve(path)})`;
}
