import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sharedClock } from './test-clock.js';

/** Ends the server when the test process ends, however it ends (its stdin is the test's pipe). */
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));

/** The line every store logs once it accepts connections, in JSON or in readable form. */
const LISTENING = /Animal Store listening on (http:\/\/[\d.]+:\d+)/;

/** Output kept for a failure's message; the pipe is read to the end, so that a full pipe never blocks the server. */
const KEPT_OUTPUT_CHARACTERS = 256_000;

export interface ServerProcessOptions {
  /** The script to run: a built entry (`dist/main.js`) on plain Node, or a source (`src/main.ts`) through tsx. */
  entry: string;
  /**
   * The server's whole environment besides PATH, the test's clock (test-clock.ts) and the test defaults
   * (NODE_ENV=test, LOG_LEVEL=info, PORT=0).
   */
  env?: Record<string, string | undefined>;
  args?: readonly string[];
  cwd?: string;
  /** Another user to run as (tests of file permissions). */
  user?: { uid?: number; gid?: number };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the origin once the server listens; rejects if the process exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code, once all output has been read. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit: a clean stop, as in production. */
  stop(): Promise<number | null>;
}

/**
 * A store entry point as a real process: the one way every workspace's tests start a server. It ends with the test
 * process, whatever ends that (`exit-with-parent.mjs`).
 */
export function startServerProcess(options: ServerProcessOptions): ServerProcess {
  const loader = options.entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(
    process.execPath,
    ['--import', EXIT_WITH_PARENT, ...loader, options.entry, ...(options.args ?? [])],
    {
      cwd: options.cwd,
      // info, not warn: the line that says where the server listens is an info line.
      env: {
        PATH: process.env.PATH ?? '',
        ...sharedClock(),
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        ...options.env,
      },
      // stdin is the pipe that ties the server's life to this process's.
      stdio: ['pipe', 'pipe', 'pipe'],
      ...options.user,
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('close', (code) => resolve(code));
    // Node could not start at all (e.g. the user may not execute it): fail now rather than at the test's timeout.
    child.once('error', (error) => reject(error));
  });
  exited.catch(() => undefined);
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (output.length < KEPT_OUTPUT_CHARACTERS) output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)), reject);
  });
  listening.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { child, output: () => output, listening, exited, stop };
}
