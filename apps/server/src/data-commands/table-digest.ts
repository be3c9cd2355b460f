import { createHash, type Hash } from 'node:crypto';
import type { DataConnection, Values } from './data-connection.js';
import type { StoreTable } from './store-tables.js';

export interface TableDigest {
  rows: bigint;
  /** SHA-256 of the table's canonical rows, a line each, in its key's order, as 64 hex digits. */
  checksum: string;
}

/**
 * A row as both databases give it, in one form: each value `null` or its text (an integer in decimal, whichever of
 * a number, a bigint or int8's text the driver returned), in the table's column order.
 */
export function canonicalRow(values: Values): string {
  return JSON.stringify(
    values.map((value) => (value === null || value === undefined ? null : String(value))),
  );
}

/**
 * Counts rows and hashes them as they pass, in the order they come: a copy hashes the source's rows as it reads
 * them. Both databases give rows in the key's order, text keys compared by their bytes (`selectRows`), so the same
 * rows hash alike on either; a row missing, changed, read twice or out of place changes the hash.
 */
export class TableHash {
  private readonly sha256: Hash = createHash('sha256');
  rows = 0n;

  add(batch: readonly Values[]): void {
    let text = '';
    for (const values of batch) text += `${canonicalRow(values)}\n`;
    this.sha256.update(text);
    this.rows += BigInt(batch.length);
  }

  /** The count and the hash; once, at the end. */
  digest(): TableDigest {
    return { rows: this.rows, checksum: this.sha256.digest('hex') };
  }
}

export async function tableDigest(
  connection: DataConnection,
  table: StoreTable,
  since?: number,
  onRows: (count: number) => void = () => {},
): Promise<TableDigest> {
  const hashed = new TableHash();
  for await (const batch of connection.readRows(table, since)) {
    hashed.add(batch);
    onRows(batch.length);
  }
  return hashed.digest();
}
