import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Ends the server when this test process ends, however it ends (@animal-store/testing). */
const EXIT_WITH_PARENT = [
  '--import',
  fileURLToPath(import.meta.resolve('@animal-store/testing/exit-with-parent')),
];

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the origin once the server listens; rejects if the process exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code, once all output has been read. */
  exited: Promise<number | null>;
}

/**
 * Runs a server entry point (src/main.ts, src/keys-cli.ts, or a built dist/main.js) as a real process, as another
 * user when `user` says so.
 */
export function runServerScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  user: { uid?: number; gid?: number } = {},
): ServerProcess {
  // Sources run through tsx; a built script (dist/*.js) runs on plain Node, as in production.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...EXIT_WITH_PARENT, ...loader, script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', ...env },
    // stdin is the pipe that ties the server's life to this process's.
    stdio: ['pipe', 'pipe', 'pipe'],
    ...user,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('close', (code) => resolve(code));
    // Node could not start at all (e.g. the user may not execute it): fail now rather than at the test's timeout.
    child.once('error', (error) => reject(error));
  });
  exited.catch(() => undefined);
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Animal Store listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)), reject);
  });
  listening.catch(() => undefined);
  return { child, output: () => output, listening, exited };
}
