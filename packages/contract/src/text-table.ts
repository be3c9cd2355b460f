import { truncateToWidth, displayWidth as widthOf } from './display-width.js';

/** One column of a text table: its title and what each row shows in it. */
export interface Column<T> {
  title: string;
  cell: (row: T) => string;
  alignRight?: boolean;
  /** Cut (ending in `…`) when the table would be wider than its `maxWidth`; one such column a table. */
  shrinks?: boolean;
}

/** A shrinking column keeps at least this many columns, or its title's width if wider. */
const MIN_SHRUNK_WIDTH = 8;
const GAP = '  ';

const pad = (text: string, width: number, alignRight: boolean | undefined) => {
  const fill = ' '.repeat(width - widthOf(text));
  return alignRight ? fill + text : text + fill;
};

/**
 * An aligned table for people at a terminal (the CLI's lists, the server's `keys list`). Given `maxWidth`, the
 * column marked `shrinks` gives up what the others need to fit it.
 */
export function formatTable<T>(
  columns: readonly Column<T>[],
  items: readonly T[],
  options: { maxWidth?: number | undefined } = {},
): string {
  let rows = [
    columns.map((column) => column.title),
    ...items.map((item) => columns.map((c) => c.cell(item))),
  ];
  const widthsOf = () => columns.map((_, index) => Math.max(...rows.map((row) => widthOf(row[index] ?? ''))));
  let widths = widthsOf();
  const shrinking = columns.findIndex((column) => column.shrinks);
  const total = widths.reduce((sum, width) => sum + width, 0) + GAP.length * (columns.length - 1);
  if (options.maxWidth !== undefined && shrinking >= 0 && total > options.maxWidth) {
    const floor = Math.max(MIN_SHRUNK_WIDTH, widthOf(columns[shrinking]?.title ?? ''));
    const room = Math.max(floor, (widths[shrinking] ?? 0) - (total - options.maxWidth));
    rows = rows.map((row) =>
      row.map((cell, index) => (index === shrinking ? truncateToWidth(cell, room) : cell)),
    );
    widths = widthsOf();
  }
  const lines = rows.map((row) =>
    row
      .map((cell, index) => pad(cell, widths[index] ?? 0, columns[index]?.alignRight))
      .join(GAP)
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The same table for a script: a header row, then one line a row, cells separated by tabs and never cut, so that
 * `cut -f` picks a column. A tab or line break in a cell (a name stored before the store refused them) becomes a
 * space, so that every row stays one line of the same columns.
 */
export function tabSeparated<T>(columns: readonly Column<T>[], items: readonly T[]): string {
  const rows = [
    columns.map((column) => column.title),
    ...items.map((item) => columns.map((c) => c.cell(item))),
  ];
  return `${rows.map((row) => row.map((cell) => cell.replace(/[\t\r\n]/g, ' ')).join('\t')).join('\n')}\n`;
}
