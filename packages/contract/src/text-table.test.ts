import { describe, expect, it } from 'vitest';
import { type Column, formatTable, tabSeparated } from './text-table.js';

interface Row {
  id: number;
  name: string;
}
const COLUMNS: Column<Row>[] = [
  { title: 'ID', cell: (row) => String(row.id), alignRight: true },
  { title: 'NAME', cell: (row) => row.name, shrinks: true },
];

describe('formatTable', () => {
  it('aligns the columns by their widest cell, wide characters counted twice', () => {
    expect(
      formatTable(COLUMNS, [
        { id: 1, name: '猫' },
        { id: 12, name: 'Rex' },
      ]),
    ).toBe(['ID  NAME', ' 1  猫', '12  Rex', ''].join('\n'));
  });

  it('cuts the shrinking column to fit the width, and only it', () => {
    expect(formatTable(COLUMNS, [{ id: 1, name: 'a rather long name' }], { maxWidth: 13 })).toBe(
      ['ID  NAME', ' 1  a rather…', ''].join('\n'),
    );
  });
});

describe('tabSeparated', () => {
  it('writes the header and each row whole, one line a row, a tab or line break in a cell as a space', () => {
    expect(
      tabSeparated(COLUMNS, [
        { id: 1, name: 'a rather long name' },
        { id: 2, name: 'tab\there\nnewline' },
      ]),
    ).toBe(['ID\tNAME', '1\ta rather long name', '2\ttab here newline', ''].join('\n'));
  });
});
