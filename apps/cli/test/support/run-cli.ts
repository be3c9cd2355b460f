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
  /**
   * The environment of the child besides PATH and HOME (which the package managers need): nothing else leaks in
   * from the shell running the tests.
   */
  env?: Record<string, string>;
  /** Written to the child's stdin, which is then closed. */
  input?: string;
  /** The folder the command is run in, as a user's current folder. */
  cwd?: string;
  /** Called with each piece of stderr as it comes, so that a test can act on what the command reports. */
  onStderr?: (text: string) => void;
}

/** Runs the built CLI with stdout and stderr as pipes, as a script would. */
export const runCli = (args: string[], options: RunOptions = {}) =>
  runCommand(process.execPath, [CLI, ...args], options);

/** Runs any command with stdout and stderr as pipes. */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.cwd !== undefined && { cwd: options.cwd }),
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.push(chunk);
      options.onStderr?.(chunk.toString());
    });
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
