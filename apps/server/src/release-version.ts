import { readFileSync } from 'node:fs';

/**
 * The store's release version: one version for the product (server, admin app, keys and data commands), the
 * `version` of this package's manifest, which the bundle keeps. The contract has its own semver (decision 058).
 */
export const RELEASE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
