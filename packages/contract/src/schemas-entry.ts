/**
 * The contract without ts-rest: the schemas, their types and the API's rules, for code that calls the store through
 * the client rather than through ts-rest. Its declarations never reach `@ts-rest/core`, whose own declarations name
 * Zod 3's types and so do not typecheck in a project on Zod 4 (docs/decisions/002).
 */
export * from './api-key-schemas.js';
export * from './api-key-usage-schemas.js';
export * from './audit-actions.js';
export * from './audit-canonical-form.js';
export * from './audit-event-schemas.js';
export * from './audit-page-link.js';
export * from './errors.js';
export * from './host-for-url.js';
export * from './http-url.js';
export * from './key-expiry.js';
export * from './key-rotation.js';
export * from './link-header.js';
export * from './loopback.js';
export * from './messages.js';
export * from './next-page.js';
export * from './rules.js';
export * from './schemas.js';
export * from './scopes.js';
