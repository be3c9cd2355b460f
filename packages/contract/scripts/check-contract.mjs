// `pnpm contract:check`: the contract's OpenAPI document passes Redocly's recommended lint, and breaks nothing a
// client of the last released version relies on (oasdiff, then the scopes and error codes oasdiff does not compare),
// unless the contract moves to a new major version.
//
//   node scripts/check-contract.mjs [document] [--releases <dir>] [--version <x.y.z>]
//
// document    the document to check; openapi.json, as `pnpm openapi` generates it, by default
// --releases  the released documents, <dir>/<version>/openapi.json; releases/ by default
// --version   the version the document is to be released at; by default package.json's, moved by the pending
//             changesets as `changeset version` will move it
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { changesBetween, describeChange, isBreaking } from './changes-between.mjs';
import { lintDocument } from './lint-document.mjs';
import { pendingVersion } from './pending-version.mjs';
import {
  compareVersions,
  majorOf,
  RELEASES_DIR,
  releasedDocumentPath,
  releasedVersions,
} from './releases.mjs';
import {
  releasedScopesAndCodes,
  SUPPLEMENT_FILE,
  scopeAndCodeChanges,
  scopesAndCodesOf,
  unstatedIn,
} from './scopes-and-codes.mjs';

const { name, version: packageVersion } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { releases: { type: 'string', default: RELEASES_DIR }, version: { type: 'string' } },
});
const documentPath = positionals[0] ?? fileURLToPath(new URL('../openapi.json', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const version = values.version ?? (await pendingVersion(repositoryRoot, name, packageVersion));

const say = (line) => process.stdout.write(`${line}\n`);
const failures = [];

if (!lintDocument(documentPath)) failures.push('Redocly lint: the document has errors (above).');

const stated = scopesAndCodesOf(JSON.parse(readFileSync(documentPath, 'utf8')));
for (const gap of unstatedIn(stated)) {
  failures.push(`The document states ${gap}: regenerate it with \`pnpm --filter ${name} openapi\`.`);
}

/** Every change for clients since `baseline`: oasdiff's, then the scopes' and error codes'. */
async function changesSince(baseline) {
  const promised = releasedScopesAndCodes(values.releases, baseline);
  const gaps = unstatedIn(promised);
  if (gaps.length > 0) {
    failures.push(
      `The released ${baseline} states ${gaps.join(' and ')}: record what it promised in ` +
        `releases/${baseline}/${SUPPLEMENT_FILE}, from the source as released (decision 051).`,
    );
  }
  const compared = gaps.length === 0 && unstatedIn(stated).length === 0;
  return [
    ...(await changesBetween(releasedDocumentPath(values.releases, baseline), documentPath)),
    ...(compared ? scopeAndCodeChanges(promised, stated) : []),
  ];
}

const baseline = releasedVersions(values.releases).at(-1);
if (baseline === undefined) {
  say('No released document yet: nothing to compare with.');
} else if (compareVersions(version, baseline) < 0) {
  failures.push(`The contract's version, ${version}, is below the last released one, ${baseline}.`);
} else {
  const changes = await changesSince(baseline);
  const breaking = changes.filter(isBreaking);
  say(`\nThe contract at ${version}, compared with the released ${baseline} (oasdiff, scopes, error codes):`);
  say(
    changes.length === 0
      ? '  no change for clients.'
      : changes.map((change) => `  ${describeChange(change)}`).join('\n'),
  );
  if (breaking.length > 0 && majorOf(version) <= majorOf(baseline)) {
    failures.push(
      `${breaking.length} breaking change(s) (error or warning above) within major version ${majorOf(baseline)}. ` +
        'Keep what clients rely on (add beside it, deprecate, remove in a new major version), or make this a new ' +
        'major version: `pnpm changeset`, major, with the date it takes effect and a migration note.',
    );
  } else if (breaking.length > 0) {
    say(`Breaking changes admitted: ${version} is a new major version.`);
  } else if (changes.length > 0 && version === baseline) {
    say(
      `The interface changed since ${baseline}: add a changeset (\`pnpm changeset\`, minor for additions).`,
    );
  }
}

if (failures.length > 0) {
  process.stderr.write(`\ncontract:check failed:\n${failures.map((failure) => `- ${failure}`).join('\n')}\n`);
  process.exitCode = 1;
} else {
  say('\ncontract:check passed.');
}
