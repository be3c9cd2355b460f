import { hash } from 'node:crypto';
import type { DataConnection, Values } from './data-connection.js';
import type { StoreTable } from './store-tables.js';

export interface TableDigest {
  rows: bigint;
  /** The sum of the rows' SHA-256 digests modulo 2^256, as 64 hex digits. */
  checksum: string;
}

const MODULUS = 1n << 256n;

/**
 * A row as both databases give it, in one form: each value `null` or its text (an integer in decimal, whichever of
 * a number, a bigint or int8's text the driver returned), in the table's column order.
 */
export function canonicalRow(values: Values): string {
  return JSON.stringify(
    values.map((value) => (value === null || value === undefined ? null : String(value))),
  );
}

/** Counts rows and sums their digests as they pass: a copy digests the source's rows as it reads them. */
export class DigestSum {
  private rows = 0n;
  private sum = 0n;

  add(batch: readonly Values[]): void {
    for (const values of batch) this.sum += BigInt(`0x${hash('sha256', canonicalRow(values), 'hex')}`);
    this.sum %= MODULUS;
    this.rows += BigInt(batch.length);
  }

  digest(): TableDigest {
    return { rows: this.rows, checksum: this.sum.toString(16).padStart(64, '0') };
  }
}

/**
 * Counts the table's rows and sums their digests. A sum does not depend on the order rows are read in, so each
 * database reads in its own key order (text keys sort by collation on PostgreSQL, by bytes on SQLite), and unlike
 * an exclusive or, a row read twice changes it.
 */
export async function tableDigest(
  connection: DataConnection,
  table: StoreTable,
  since?: number,
  onRows: (count: number) => void = () => {},
): Promise<TableDigest> {
  const sum = new DigestSum();
  for await (const batch of connection.readRows(table, since)) {
    sum.add(batch);
    onRows(batch.length);
  }
  return sum.digest();
}
