import type { ApiKey } from './api-key-schemas.js';
import { rotationInWords } from './key-rotation.js';
import type { Column } from './text-table.js';

/** An instant's day in UTC (`2027-01-31`), where a key list has no room for the minute; `never` for none. */
const dayOrNever = (instant: string | null) =>
  instant === null ? 'never' : new Date(instant).toISOString().slice(0, 10);

/**
 * The columns of every key list, the CLI's `animal-store keys list` and the server's `keys list`: which key, whose,
 * what it may do, until when, whether it is in use. One definition, so that the two lists say the same; a column
 * added here appears in both. The name gives up room when a terminal's table would not fit. `keys` is the list the
 * keys are shown in, where a rotated key's successor is found.
 */
export function keyListColumns(keys: readonly ApiKey[]): Column<ApiKey>[] {
  return [
    { title: 'ID', cell: (key) => String(key.id) },
    { title: 'NAME', cell: (key) => key.name, shrinks: true },
    { title: 'PREFIX', cell: (key) => key.prefix },
    // Each scope by its own name, as `--scope`, the API and the admin app write it.
    { title: 'SCOPES', cell: (key) => key.scopes.join(' ') },
    { title: 'EXPIRES', cell: (key) => dayOrNever(key.expiresAt) },
    { title: 'LAST USED', cell: (key) => dayOrNever(key.lastUsedAt) },
    // Which key replaces which: a rotated key stops at its EXPIRES.
    { title: 'STATE', cell: (key) => [key.state, rotationInWords(key, keys)].filter(Boolean).join(', ') },
  ];
}
