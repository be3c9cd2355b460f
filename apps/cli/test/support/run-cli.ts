import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The built bundle, exactly what the `animal-store` bin runs. */
export const CLI = fileURLToPath(new URL('../../dist/animal-store.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The whole environment of the child: nothing leaks in from the shell running the tests. */
  env?: Record<string, string>;
  /** Written to the child's stdin, which is then closed. */
  input?: string;
}

/** Runs the CLI with stdout and stderr as pipes, as a script would. */
export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() }),
    );
    child.stdin.end(options.input ?? '');
  });
}

/** The environment that points the CLI at `server` with its key. */
export const envFor = (server: { baseUrl: string; apiKey: string }) => ({
  ANIMAL_STORE_URL: server.baseUrl,
  ANIMAL_STORE_API_KEY: server.apiKey,
});

/** A port on 127.0.0.1 that nothing listens on: bound by the OS for us, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
