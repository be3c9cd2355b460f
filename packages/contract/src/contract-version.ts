/**
 * The contract's version, the OpenAPI document's `info.version`: always package.json's, which changesets moves.
 * The build copies it here (scripts/sync-version.mjs) because the document is also built into browser bundles,
 * where package.json cannot be read; contract-version.test.ts fails if the two differ.
 */
export const CONTRACT_VERSION = '1.1.0';
