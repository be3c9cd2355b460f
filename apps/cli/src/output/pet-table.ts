import type { Pet } from '@animal-store/contract';
import { displayWidth as widthOf } from './display-width.js';

const COLUMNS: Array<{ title: string; cell: (pet: Pet) => string; alignRight?: boolean }> = [
  { title: 'ID', cell: (pet) => String(pet.id), alignRight: true },
  { title: 'NAME', cell: (pet) => pet.name },
  { title: 'CATEGORY', cell: (pet) => String(pet.categoryId), alignRight: true },
  { title: 'STATUS', cell: (pet) => pet.status ?? '-' },
];

const pad = (text: string, width: number, alignRight: boolean | undefined) => {
  const fill = ' '.repeat(width - widthOf(text));
  return alignRight ? fill + text : text + fill;
};

/** An aligned table for people at a terminal; scripts get JSON instead. */
export function formatPetTable(pets: readonly Pet[]): string {
  const rows = [COLUMNS.map((column) => column.title), ...pets.map((pet) => COLUMNS.map((c) => c.cell(pet)))];
  const widths = COLUMNS.map((_, index) => Math.max(...rows.map((row) => widthOf(row[index] ?? ''))));
  const lines = rows.map((row) =>
    row
      .map((cell, index) => pad(cell, widths[index] ?? 0, COLUMNS[index]?.alignRight))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}
