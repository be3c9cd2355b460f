export * from './api-keys-contract.js';
export * from './contract.js';
// How the CLI and the server lay out what they list, so that their key lists say the same (not the client's).
export * from './display-width.js';
export * from './key-list-columns.js';
export * from './openapi.js';
export * from './schemas-entry.js';
export * from './store-contract.js';
export * from './text-table.js';
