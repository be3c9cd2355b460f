import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const RESOLVE_MAIN = "process.stdout.write(import.meta.resolve('@animal-store/server/main'))";

let serverMain: Promise<string> | undefined;

/**
 * The built store's entry point, `@animal-store/server/main`, by the server package's exports.
 *
 * The server's own tests use this package, so this package cannot depend on the server, and the packages whose
 * tests start it need not either: the client's dependency on it closed a cycle (admin → client → server, which
 * serves the admin). So pnpm finds the server in the workspace and resolves the name from inside it, where a
 * package may always import itself, once per test file.
 */
export function builtServerMain(): Promise<string> {
  serverMain ??= resolveServerMain();
  return serverMain;
}

async function resolveServerMain(): Promise<string> {
  const { stdout } = await run('pnpm', [
    '--filter',
    '@animal-store/server',
    'exec',
    'node',
    '--input-type=module',
    '--eval',
    RESOLVE_MAIN,
  ]);
  const main = fileURLToPath(stdout);
  if (!existsSync(main)) {
    throw new Error(`${main} does not exist: build the server first (turbo's test task does).`);
  }
  return main;
}
