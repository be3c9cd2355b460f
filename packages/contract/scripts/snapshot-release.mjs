// The release step that keeps the contract's OpenAPI document as released: openapi.json becomes
// releases/<package.json's version>/openapi.json, the baseline `pnpm contract:check` compares with from then on.
// Run by `pnpm --filter @animal-store/contract release:snapshot` (which regenerates openapi.json first) after
// `pnpm changeset version`. Running it again for the same version replaces that version's document with the current
// one and says whether anything changed, so it can be repeated until the version is published; never after.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELEASES_DIR, releasedDocumentPath } from './releases.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const document = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
const documentVersion = JSON.parse(document).info.version;

if (documentVersion !== version) {
  process.stderr.write(
    `openapi.json is at ${documentVersion} and package.json at ${version}: regenerate it with \`pnpm openapi\`.\n`,
  );
  process.exit(1);
}

const target = releasedDocumentPath(RELEASES_DIR, version);
const shown = relative(fileURLToPath(new URL('..', import.meta.url)), target);
const kept = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
if (kept === document) {
  process.stdout.write(`${shown}: already the current document, unchanged.\n`);
} else {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, document);
  process.stdout.write(`${shown}: ${kept === undefined ? 'written' : 'replaced by the current document'}.\n`);
}
