#!/usr/bin/env node
// `pnpm bundle DIR`: writes the store as a self-contained folder (server, contract, built admin app and their
// production dependencies) in which `npm start` serves it in production mode, wherever the folder is moved afterwards.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { concreteManifest, makeManifestsConcrete } from './bundle-manifests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [target] = process.argv.slice(2);
if (!target) {
  process.stderr.write('usage: pnpm bundle DIR\n');
  process.exit(2);
}
// pnpm runs root scripts in the root; a relative DIR means relative to where the user typed the command.
const bundle = resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (existsSync(bundle) && readdirSync(bundle).length > 0) {
  process.stderr.write(`bundle: ${bundle} exists and is not empty\n`);
  process.exit(2);
}
if (!relative(root, bundle).startsWith('..')) {
  process.stderr.write(`bundle: ${bundle} is inside the checkout; choose a folder outside it\n`);
  process.exit(2);
}

/** pnpm hard-links files from its store and from the checkout where it can: the bundle gets copies of its own, so
 * that changing a file of the bundle, or its mode, changes neither. */
function unshareFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) unshareFiles(path);
    else if (entry.isFile() && statSync(path).nlink > 1) {
      copyFileSync(path, `${path}.copy`);
      renameSync(`${path}.copy`, path);
    }
  }
}

const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('pnpm', [
  'exec',
  'turbo',
  'run',
  'build',
  '--filter=@animal-store/server...',
  '--output-logs=errors-only',
]);
// pnpm installs the bundle from the workspace's lockfile (frozen: the versions tested are the versions shipped). Its
// deploy from the lockfile wants the workspace's own packages injected (copied) rather than linked; the setting holds
// for this command only, the workspace keeps its links. node-linker=hoisted lays node_modules out as npm does, real
// folders in one flat tree (npm cannot read pnpm's default layout of links into node_modules/.pnpm).
run('pnpm', [
  '--filter',
  '@animal-store/server',
  'deploy',
  '--prod',
  '--config.inject-workspace-packages=true',
  '--config.node-linker=hoisted',
  bundle,
]);
// pnpm's records of the install: they name the checkout and mean nothing to npm.
for (const record of [
  'pnpm-lock.yaml',
  'node_modules/.pnpm',
  'node_modules/.modules.yaml',
  'node_modules/.pnpm-workspace-state-v1.json',
]) {
  rmSync(join(bundle, record), { recursive: true, force: true });
}
unshareFiles(bundle);
makeManifestsConcrete(bundle);

// The bundle's own scripts: the checkout's build and test scripts mean nothing here. The bundle runs in production
// mode (the store then refuses to start without a key rather than make one), and without DATABASE_URL the SQLite
// file lives in the bundle's data/ folder: an absolute path (npm's shell is in the bundle's folder), as a relative
// one is relative to where the command was typed. `exec` puts node in the place of npm's shell, so the SIGTERM that npm
// passes on reaches the store (dash would die of it and leave node serving): it drains, and npm exits with its status.
const server = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'));
const environment = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell defaults, expanded by npm's shell.
  'NODE_ENV="${NODE_ENV:-production}"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: as above.
  'DATABASE_URL="${DATABASE_URL:-file:$PWD/data/animal-store.db}"',
].join(' ');
const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(bundle, 'package.json'),
  `${JSON.stringify(
    {
      name: 'animal-store',
      version: server.version,
      private: true,
      type: 'module',
      engines,
      scripts: {
        start: `${environment} exec node dist/main.js`,
        keys: `${environment} exec node dist/keys-cli.js`,
        audit: `${environment} exec node dist/audit-cli.js`,
        data: `${environment} exec node dist/data-cli.js`,
      },
      dependencies: (concreteManifest(server, bundle) ?? server).dependencies,
      // The one install script of the bundle's packages that pnpm runs (onlyBuiltDependencies), reviewed for npm too.
      allowScripts: { 'better-sqlite3': true },
    },
    null,
    2,
  )}\n`,
);

// npm reads the bundle as it is: `npm install` finds every dependency installed and changes nothing. No lockfile:
// the versions are the workspace's lockfile's, already installed, and the store's own packages are on no registry,
// so the npm lockfile npm would write could only mislead `npm ci` into deleting node_modules for good.
writeFileSync(
  join(bundle, '.npmrc'),
  '# The bundle ships its node_modules, installed; npm writes no lockfile for it (docs/operations.md, "Bundle").\n' +
    'package-lock=false\n',
);

/** The environment without the npm_config_* variables pnpm sets for its scripts (its own settings, unknown to npm). */
function npmEnvironment() {
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
  );
  return { ...environment, npm_config_update_notifier: 'false' };
}

// The lockfile resolves optional peers the bundle does not need (the type definitions of Node, which @ts-rest/core
// may use): npm would call them extraneous. Offline, npm removes them from the tree, and so proves it reads it.
execFileSync('npm', ['prune', '--offline', '--no-audit', '--no-fund', '--no-progress', '--loglevel=warn'], {
  cwd: bundle,
  stdio: 'inherit',
  env: npmEnvironment(),
});

process.stdout.write(
  `\nThe store is bundled in ${bundle}. There, create a key (\`npm run --silent keys -- create --name NAME\`),\n` +
    'then run `npm start`.\n',
);
