/** A row's values in its table's column order (`StoreTable.columns`). */
export type Values = unknown[];

/** A table's rows on their way in. Nothing else may use the connection until `end` has resolved. */
export interface TableWriter {
  /** Resolves once the batch is taken, so that the next can be read meanwhile. */
  write(rows: readonly Values[]): Promise<void>;
  /** Resolves once every row written is in the table; rejects when any was refused. */
  end(): Promise<void>;
}
