import { StringDecoder } from 'node:string_decoder';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Values } from './table-rows.js';

/** What COPY's text format writes after a backslash, and what it stands for. */
const UNESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** One line of COPY's text format as values: `\N` is NULL, every other value its text, unescaped. */
function valuesOf(line: string): Values {
  return line.split('\t').map((field) => {
    if (field === '\\N') return null;
    return field.includes('\\') ? field.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c) : field;
  });
}

/**
 * The rows of `query` by one `COPY (…) TO STDOUT` on `client`, in the transaction open on it, `batchRows` at a time:
 * PostgreSQL sends them as text, read here without the per-value work of a result set. Every value is text or
 * null, integers in decimal, as int8 already is (`DataConnection`). The stream pauses while a batch is used, so
 * memory holds about one batch. `client` is released when the rows end; destroyed if they are left unread.
 */
export async function* copyOutOfQuery(
  client: pg.PoolClient,
  query: string,
  batchRows: number,
): AsyncGenerator<Values[]> {
  const stream = client.query(copyTo(`copy (${query}) to stdout`));
  const decoder = new StringDecoder('utf8');
  let ended = false;
  try {
    let rest = '';
    let batch: Values[] = [];
    for await (const chunk of stream) {
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) batch.push(valuesOf(line));
      if (batch.length >= batchRows) {
        yield batch;
        batch = [];
      }
    }
    ended = true;
    if (batch.length > 0) yield batch;
  } finally {
    // A connection left in the middle of a COPY cannot run anything else: it is closed rather than reused.
    client.release(ended ? undefined : new Error('a COPY was left unread'));
  }
}
