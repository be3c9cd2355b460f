import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
/** tsx by its file, so that a process started in any folder finds it. */
const TSX = import.meta.resolve('tsx');

/**
 * A server script (src/keys-cli.ts, src/data-cli.ts) as a real process whose working directory is `cwd`, as when
 * typed there without pnpm; with `env.INIT_CWD`, as pnpm runs it in the package's folder for a user elsewhere.
 */
export function runTypedIn(
  cwd: string,
  script: string,
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', TSX, `${serverDir}/${script}`, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}
