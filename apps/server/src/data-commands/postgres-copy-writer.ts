import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { StoreTable } from './store-tables.js';
import type { TableWriter, Values } from './table-rows.js';

/** COPY's text format escapes these four in a value; NULL is written `\N`. */
const NEEDS_ESCAPE = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One batch in COPY's text format: a line a row, values separated by tabs. */
function copyText(rows: readonly Values[]): string {
  let text = '';
  for (const row of rows) {
    for (const [index, value] of row.entries()) {
      if (index > 0) text += '\t';
      if (value === null || value === undefined) text += '\\N';
      else {
        const written = String(value);
        text += NEEDS_ESCAPE.test(written)
          ? written.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c] as string)
          : written;
      }
    }
    text += '\n';
  }
  return text;
}

/**
 * The table's rows streamed into PostgreSQL by one `COPY … FROM STDIN` on `client`, in the transaction open on it:
 * PostgreSQL's own bulk path, with no statement to parse, plan and execute per batch. A batch waits until the
 * one before it has drained, so memory holds about two batches whatever the table's size. `client` is
 * the connection's only one, and is released when the copy ends or fails.
 */
export function copyIntoTable(client: pg.PoolClient, table: StoreTable): TableWriter {
  const columns = Object.keys(table.columns)
    .map((column) => `"${column}"`)
    .join(', ');
  const stream = client.query(copyFrom(`copy "${table.name}" (${columns}) from stdin`));
  let failure: Error | undefined;
  // Kept from the start: an error while no write waits (the server refusing a row) must not go unheard.
  stream.on('error', (error) => {
    failure ??= error;
  });
  const done = finished(stream).finally(() => client.release(failure));
  done.catch(() => {});
  let draining: Promise<unknown> | undefined;
  return {
    // One batch may wait in the stream while the next is read and encoded; the one after waits for it to drain.
    async write(rows) {
      await draining;
      if (failure) throw failure;
      draining = stream.write(copyText(rows)) ? undefined : once(stream, 'drain');
      draining?.catch(() => {});
    },
    async end() {
      if (!failure) stream.end();
      await done;
    },
  };
}
