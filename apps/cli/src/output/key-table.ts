import type { ApiKey } from '@animal-store/contract';
import { instantInWords } from './instant.js';
import { type Column, formatTable } from './table.js';

const orNever = (instant: string | null) => (instant === null ? 'never' : instantInWords(instant));

const COLUMNS: Column<ApiKey>[] = [
  { title: 'ID', cell: (key) => String(key.id) },
  { title: 'NAME', cell: (key) => key.name },
  { title: 'PREFIX', cell: (key) => key.prefix },
  { title: 'SCOPES', cell: (key) => key.scopes.join(',') },
  // A configured key has no creation time: it exists as long as the server's API_KEYS names it.
  { title: 'CREATED', cell: (key) => (key.createdAt === null ? '-' : instantInWords(key.createdAt)) },
  { title: 'EXPIRES', cell: (key) => orNever(key.expiresAt) },
  { title: 'LAST USED', cell: (key) => orNever(key.lastUsedAt) },
  { title: 'LAST DEPRECATED CALL', cell: (key) => orNever(key.deprecatedCallAt) },
  // Marked, since such a key is changed in the server's settings and the API refuses to revoke or rotate it.
  { title: 'STATE', cell: (key) => (key.configured ? `${key.state} (API_KEYS)` : key.state) },
];

export const formatKeyTable = (keys: readonly ApiKey[]): string => formatTable(COLUMNS, keys);
