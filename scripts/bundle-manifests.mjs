// The bundle's manifests as npm reads them. pnpm copies the workspace's own packages with their `workspace:` and
// `catalog:` ranges, which only pnpm understands (`npm ls` and `npm install` refuse them); each becomes the version
// the bundle holds, and the copies lose their devDependencies, which name packages the bundle never ships.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const PNPM_ONLY = /^(workspace|catalog):/;
const FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies'];

/** The version of `name` that Node's resolution finds from `directory`. */
function installedVersion(directory, name) {
  for (let dir = directory; ; dir = dirname(dir)) {
    const candidate = join(basename(dir) === 'node_modules' ? dir : join(dir, 'node_modules'), name);
    if (existsSync(join(candidate, 'package.json'))) {
      return JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8')).version;
    }
    if (dirname(dir) === dir)
      throw new Error(`bundle: ${name}, needed in ${directory}, is not in the bundle`);
  }
}

/** The manifest with every pnpm-only range made concrete; undefined when it has none. */
export function concreteManifest(manifest, directory) {
  const pnpmOnly = FIELDS.some((field) =>
    Object.values(manifest[field] ?? {}).some((range) => PNPM_ONLY.test(range)),
  );
  if (!pnpmOnly) return undefined;
  const result = { ...manifest };
  for (const field of FIELDS) {
    if (!manifest[field]) continue;
    result[field] = Object.fromEntries(
      Object.entries(manifest[field]).map(([name, range]) => [
        name,
        PNPM_ONLY.test(range) ? installedVersion(directory, name) : range,
      ]),
    );
  }
  delete result.devDependencies;
  return result;
}

/** Package folders under a node_modules folder, nested ones included: <name> or @scope/<name>, each maybe with a
 * node_modules of its own (the hoisted layout nests a package where two versions of it are needed). */
function* installedPackages(modules) {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    // Dot entries are no packages: .bin holds links to commands, the rest are package managers' records.
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folders = entry.name.startsWith('@')
      ? readdirSync(join(modules, entry.name)).map((scoped) => join(modules, entry.name, scoped))
      : [join(modules, entry.name)];
    for (const folder of folders) {
      yield folder;
      yield* installedPackages(join(folder, 'node_modules'));
    }
  }
}

/** Rewrites every copied package's manifest that carries a pnpm-only range. */
export function makeManifestsConcrete(bundle) {
  for (const directory of installedPackages(join(bundle, 'node_modules'))) {
    const path = join(directory, 'package.json');
    if (!existsSync(path)) continue;
    const concrete = concreteManifest(JSON.parse(readFileSync(path, 'utf8')), directory);
    if (!concrete) continue;
    writeFileSync(path, `${JSON.stringify(concrete, null, 2)}\n`);
  }
}
