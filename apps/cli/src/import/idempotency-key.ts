import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * Which input a row came from: a file by its absolute path, stdin by a digest of everything read from it (it
 * has no name, and the same piped input run again is the re-run the key exists for).
 */
export function sourceIdentity(file: string, content: string): string {
  return file === '-'
    ? `stdin:${createHash('sha256').update(content).digest('hex')}`
    : `file:${resolve(file)}`;
}

/**
 * The `Idempotency-Key` of one row: the same file, line and row content give the same key, so re-running an
 * interrupted import does not create an animal twice. The row content is part of it so that a row fixed in
 * place after a failure is sent as new, while the rows already created keep their keys.
 */
export function idempotencyKey(source: string, line: number, value: unknown): string {
  return createHash('sha256')
    .update(`${source}\n${line}\n${JSON.stringify(value)}`)
    .digest('hex');
}
