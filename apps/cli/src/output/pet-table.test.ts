import { describe, expect, it } from 'vitest';
import { formatPetTable } from './pet-table.js';

describe('formatPetTable', () => {
  it('aligns every column, ids and categories to the right, and marks a missing status', () => {
    const table = formatPetTable([
      { id: 7, name: 'Rex', categoryId: 12, status: 'available' },
      { id: 1234, name: 'Whiskers 🐈', categoryId: 3 },
    ]);
    expect(table).toStrictEqual(
      [
        '  ID  NAME         CATEGORY  STATUS',
        '   7  Rex                12  available',
        '1234  Whiskers 🐈         3  -',
        '',
      ].join('\n'),
    );
  });

  it('prints only the header for no animals', () => {
    expect(formatPetTable([])).toStrictEqual('ID  NAME  CATEGORY  STATUS\n');
  });
});
