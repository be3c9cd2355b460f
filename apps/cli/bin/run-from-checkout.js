#!/usr/bin/env node
// `pnpm --silent cli …` in a checkout. Like `pnpm start`, it first builds what the command needs (turbo: a cache
// hit when nothing changed), so a fresh clone or a pulled change runs as is; turbo's lines are shown only when the
// build fails, so stdout carries the command's result alone. pnpm runs a root script in the repository root and
// names the folder the command was typed in as INIT_CWD; moving there first makes relative paths (an import file,
// --api-key-file) mean what they mean to the user, as with the installed `animal-store`.
import { spawnSync } from 'node:child_process';

const build = spawnSync(
  'turbo',
  ['run', 'build', '--filter=@animal-store/cli', '--output-logs=errors-only'],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
);
if (build.status !== 0) {
  process.stderr.write(
    `${build.stdout ?? ''}${build.stderr ?? ''}${build.error ? `${build.error.message}\n` : ''}`,
  );
  process.stderr.write('error: building animal-store failed (above)\n');
  process.exit(2);
}
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
await import('./animal-store.js');
