// For the gate's tests: the real scripts, run as `pnpm contract:check` and `release:snapshot` run them, on copies of
// the contract's generated document in a scratch folder.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { RELEASES_DIR } from './releases.mjs';

const script = (name) => fileURLToPath(new URL(name, import.meta.url));

/** openapi.json as the contract generates it (the contract's test fails while the two differ). */
export const generated = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');

/** A scratch folder for this test file, removed after it. */
export function scratchDir() {
  const dir = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let made = 0;

/** A new path in `dir`, named after `label`. */
function freshPath(dir, label) {
  made += 1;
  return join(dir, `${label}-${made}`);
}

/** A releases folder in `dir` holding `document` as the one released at `version`. */
export function releasesHolding(dir, version, document) {
  const releases = freshPath(dir, 'releases');
  mkdirSync(join(releases, version), { recursive: true });
  writeFileSync(join(releases, version, 'openapi.json'), document);
  return releases;
}

/** A copy of the repository's releases folder, as released, to run the scripts on without touching it. */
export function copyOfReleases(dir) {
  const releases = freshPath(dir, 'released');
  cpSync(RELEASES_DIR, releases, { recursive: true });
  return releases;
}

/**
 * Writes a copy of the generated document, changed by `edit` (in place, or by returning the changed document), into
 * `dir`; returns its path.
 */
export function editedCopy(dir, edit) {
  const parsed = JSON.parse(generated);
  const document = edit(parsed) ?? parsed;
  const path = `${freshPath(dir, 'copy')}.json`;
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
}

/** Every schema reachable from `node` that describes an animal (its id, name and category). */
function animalSchemas(node) {
  if (!node || typeof node !== 'object') return [];
  const own = node.properties?.id && node.properties?.name && node.properties?.categoryId ? [node] : [];
  return [...own, ...Object.values(node).flatMap(animalSchemas)];
}

const operations = (document) => Object.values(document.paths).flatMap((path) => Object.values(path));

/** What removing a field from PetSchema does to the document: every response stops describing it. */
export function removeAnimalResponseField(field) {
  return (document) => {
    for (const schema of operations(document).flatMap((operation) => animalSchemas(operation.responses))) {
      delete schema.properties[field];
      schema.required = schema.required?.filter((name) => name !== field);
    }
  };
}

function run(name, args) {
  const outcome = spawnSync(process.execPath, [script(name), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: outcome.status, output: `${outcome.stdout}${outcome.stderr}` };
}

/** `pnpm contract:check` on `documentPath` against `releases`, as the contract at `version`. */
export const runCheck = (documentPath, releases, version) =>
  run('check-contract.mjs', [documentPath, '--releases', releases, '--version', version]);

/** `release:snapshot` of `documentPath` into `releases` as `version`. */
export const runSnapshot = (documentPath, releases, version) =>
  run('snapshot-release.mjs', [documentPath, '--releases', releases, '--version', version]);
