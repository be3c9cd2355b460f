import { displayWidth as widthOf } from './display-width.js';

export interface Column<T> {
  title: string;
  cell: (row: T) => string;
  alignRight?: boolean;
}

const pad = (text: string, width: number, alignRight: boolean | undefined) => {
  const fill = ' '.repeat(width - widthOf(text));
  return alignRight ? fill + text : text + fill;
};

/** An aligned table for people at a terminal; scripts get JSON instead. */
export function formatTable<T>(columns: readonly Column<T>[], items: readonly T[]): string {
  const rows = [
    columns.map((column) => column.title),
    ...items.map((item) => columns.map((c) => c.cell(item))),
  ];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => widthOf(row[index] ?? ''))));
  const lines = rows.map((row) =>
    row
      .map((cell, index) => pad(cell, widths[index] ?? 0, columns[index]?.alignRight))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}
