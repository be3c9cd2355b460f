// The Node lines the project supports are stated once, in the root package.json's `engines.node`
// (docs/decisions/074-supported-node-lines.md): one `^MAJOR.MINOR.PATCH` term per line. This check holds everything
// else to it: the range admits exactly the lines it names, the published packages declare the same range, `.nvmrc`
// names the newest line, and the Node running the check is admitted (CI runs it on the oldest and the newest).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
// The packages people install: the contract and the client from the registry, the CLI from its packed tarball.
const PUBLISHED = ['packages/contract', 'packages/client', 'apps/cli'];

const range = JSON.parse(read('package.json')).engines.node;
const named = [...range.matchAll(/\^(\d+)\.\d+\.\d+/g)].map((match) => Number(match[1]));
const newest = Math.max(...named);
const problems = [];

if (named.length === 0 || range.split('||').length !== named.length) {
  problems.push(`engines.node "${range}" is not one ^MAJOR.MINOR.PATCH term per supported line`);
}
// From an ended line to lines not yet released: every line but the named ones is refused.
for (let major = 16; major <= newest + 4; major += 1) {
  const admitted = semver.satisfies(`${major}.99.0`, range);
  if (admitted !== named.includes(major)) {
    problems.push(`engines.node "${range}" ${admitted ? 'admits' : 'refuses'} Node ${major}`);
  }
}
for (const dir of PUBLISHED) {
  const declared = JSON.parse(read(`${dir}/package.json`)).engines?.node;
  if (declared !== range) problems.push(`${dir}/package.json declares node "${declared}", not "${range}"`);
}
const nvmrc = read('.nvmrc').trim();
if (nvmrc !== String(newest)) problems.push(`.nvmrc says ${nvmrc}, not the newest line ${newest}`);
if (!semver.satisfies(process.versions.node, range)) {
  problems.push(`this Node, ${process.version}, is outside engines.node "${range}"`);
}

if (problems.length > 0) {
  process.stderr.write(`${problems.map((problem) => `check-node-engines: ${problem}\n`).join('')}`);
  process.exit(1);
}
process.stdout.write(`Node lines ${named.join(', ')} (${range}): engines, packages and .nvmrc agree.\n`);
