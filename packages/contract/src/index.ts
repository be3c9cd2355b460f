export * from './api-keys-contract.js';
export * from './contract.js';
export * from './openapi.js';
export * from './schemas-entry.js';
export * from './store-contract.js';
