// Fails, naming each file, when a build the bundle ships holds code only tests use: a test file, or anything from the
// server's test folders (the ones .dependency-cruiser.mjs lets import test support: test-support/, soak/,
// reliability/, upgrades/). Run after a build (`pnpm check` builds; .ci/run then runs this); with folders as
// arguments it checks those instead.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_FOLDERS } from '../apps/server/.dependency-cruiser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the bundle carries of the workspace: the server's build and the builds of the packages it depends on. */
const SHIPPED = ['apps/server/dist', 'packages/contract/dist', 'apps/admin/dist'];
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?(\.map)?$|\.(test|spec)\.d\.[cm]?ts$/;

function* files(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const folders = process.argv.length > 2 ? process.argv.slice(2) : SHIPPED.map((folder) => join(root, folder));
const missing = folders.filter((folder) => !existsSync(folder));
if (missing.length > 0) {
  process.stderr.write(`Not built, so not checked (run \`pnpm build\` first): ${missing.join(', ')}\n`);
  process.exit(1);
}
const found = [];
for (const folder of folders) {
  for (const path of files(folder)) {
    const inside = relative(folder, path).split(/[\\/]/);
    if (
      TEST_FILE.test(inside.at(-1) ?? '') ||
      inside.slice(0, -1).some((part) => TEST_FOLDERS.includes(part))
    ) {
      found.push(relative(process.cwd(), path));
    }
  }
}
if (found.length > 0) {
  process.stderr.write(
    `Test code in the build, which the bundle would ship (exclude it in the package's tsconfig.build.json, or remove a stale build):\n${found.map((path) => `  ${path}`).join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `No test code in ${folders.map((folder) => relative(process.cwd(), folder) || '.').join(', ')}.\n`,
);
