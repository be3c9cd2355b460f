import { hash } from 'node:crypto';
import type { DataConnection, Row } from './data-connection.js';
import { rowBatches } from './store-inspection.js';
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
export function canonicalRow(table: StoreTable, row: Row): string {
  return JSON.stringify(
    Object.keys(table.columns).map((column) => {
      const value = row[column];
      return value === null || value === undefined ? null : String(value);
    }),
  );
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
  let rows = 0n;
  let sum = 0n;
  for await (const batch of rowBatches(connection, table, { since })) {
    for (const row of batch) sum += BigInt(`0x${hash('sha256', canonicalRow(table, row), 'hex')}`);
    sum %= MODULUS;
    rows += BigInt(batch.length);
    onRows(batch.length);
  }
  return { rows, checksum: sum.toString(16).padStart(64, '0') };
}
