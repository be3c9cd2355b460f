// Copies package.json's version into src/contract-version.ts, so that a version moved by `changeset version`
// reaches the OpenAPI document on the next build. Writes only when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const file = new URL('../src/contract-version.ts', import.meta.url);
const source = readFileSync(file, 'utf8');
const synced = source.replace(/CONTRACT_VERSION = '[^']*'/, `CONTRACT_VERSION = '${version}'`);

if (synced !== source) {
  writeFileSync(file, synced);
  process.stdout.write(`src/contract-version.ts: ${version}\n`);
}
