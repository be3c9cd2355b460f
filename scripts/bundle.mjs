#!/usr/bin/env node
// `pnpm bundle DIR`: writes the store as a self-contained folder (server, contract, built admin app and their
// production dependencies) in which `npm start` serves it in production mode, wherever the folder is moved afterwards.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
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

const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('pnpm', [
  'exec',
  'turbo',
  'run',
  'build',
  '--filter=@animal-store/server...',
  '--output-logs=errors-only',
]);
// --legacy: the workspace links its packages rather than injecting them, which `pnpm deploy` otherwise requires.
run('pnpm', ['--filter', '@animal-store/server', 'deploy', '--prod', '--legacy', bundle]);

/** Links that lead out of the bundle (pnpm links the workspace's own projects among the hoisted ones) would break. */
function removeLinksLeavingBundle(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isSymbolicLink()) {
      let destination;
      try {
        destination = realpathSync(path);
      } catch {
        destination = undefined;
      }
      if (destination === undefined || relative(bundle, destination).startsWith('..')) rmSync(path);
    } else if (entry.isDirectory() && !lstatSync(path).isSymbolicLink()) {
      removeLinksLeavingBundle(path);
    }
  }
}
removeLinksLeavingBundle(bundle);
makeManifestsConcrete(bundle);

// The bundle's own scripts: the checkout's build and test scripts mean nothing here. The bundle runs in production
// mode (the store then refuses to start without a key rather than make one), and without DATABASE_URL the SQLite
// file lives in the bundle's data/ folder. `exec` puts node in the place of npm's shell, so the SIGTERM that npm
// passes on reaches the store (dash would die of it and leave node serving): it drains, and npm exits with its status.
const manifest = JSON.parse(readFileSync(join(bundle, 'package.json'), 'utf8'));
const environment = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell defaults, expanded by npm's shell.
  'NODE_ENV="${NODE_ENV:-production}"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: as above.
  'DATABASE_URL="${DATABASE_URL:-file:data/animal-store.db}"',
].join(' ');
const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(bundle, 'package.json'),
  `${JSON.stringify(
    {
      name: 'animal-store',
      version: manifest.version,
      private: true,
      type: 'module',
      engines,
      scripts: {
        start: `${environment} exec node dist/main.js`,
        keys: `${environment} exec node dist/keys-cli.js`,
      },
      dependencies: (concreteManifest(manifest, bundle) ?? manifest).dependencies,
    },
    null,
    2,
  )}\n`,
);
process.stdout.write(
  `\nThe store is bundled in ${bundle}. There, create a key (\`npm run --silent keys -- create --name NAME\`),\n` +
    'then run `npm start`.\n',
);
