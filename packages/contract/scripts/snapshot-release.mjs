// The release step that keeps the contract's OpenAPI document as released: openapi.json becomes
// releases/<package.json's version>/openapi.json, the baseline `pnpm contract:check` compares with from then on.
// Run by `pnpm --filter @animal-store/contract release:snapshot` (which regenerates openapi.json first) after
// `pnpm changeset version`. A version's document, once kept, is never replaced: a run for a version already kept
// passes only when the document is byte for byte the kept one, since a replaced baseline would hide from the gate
// every change made since (decision 051).
//
//   node scripts/snapshot-release.mjs [document] [--releases <dir>] [--version <x.y.z>]
//
// document    the document to keep; openapi.json by default
// --releases  where released documents are kept, <dir>/<version>/openapi.json; releases/ by default
// --version   the version released; package.json's by default
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { RELEASES_DIR, releasedDocumentPath } from './releases.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { releases: { type: 'string', default: RELEASES_DIR }, version: { type: 'string' } },
});
const version =
  values.version ?? JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const document = readFileSync(positionals[0] ?? new URL('../openapi.json', import.meta.url), 'utf8');
const documentVersion = JSON.parse(document).info.version;

const refuse = (message) => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

if (documentVersion !== version) {
  refuse(
    `The document is at ${documentVersion}, the release at ${version}: regenerate it with \`pnpm openapi\`.`,
  );
}

const target = releasedDocumentPath(values.releases, version);
const shown = relative(process.cwd(), target);
const kept = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
if (kept === document) {
  process.stdout.write(`${shown}: already kept, byte for byte the current document.\n`);
} else if (kept !== undefined) {
  refuse(
    `${shown} is already kept for ${version} and differs from the current document: left unchanged.\n` +
      `A released version's document is never replaced, so that \`pnpm contract:check\` keeps comparing with what ` +
      `clients of ${version} were given. Release the change as a new version (\`pnpm changeset\`, then ` +
      '`pnpm changeset version`) and snapshot that one.',
  );
} else {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, document);
  process.stdout.write(`${shown}: written.\n`);
}
