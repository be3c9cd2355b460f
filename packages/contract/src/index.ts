export * from './contract.js';
export * from './errors.js';
export * from './messages.js';
export * from './openapi.js';
export * from './rules.js';
export * from './schemas.js';
