import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  /** Base address of the API, ending in /v1. */
  baseUrl: string;
  /** A key the server accepts: given through API_KEYS, or with `firstKeyOnly` the one it made at start-up. */
  apiKey: string;
  stop(): Promise<void>;
}

const SERVER_MAIN = fileURLToPath(import.meta.resolve('@animal-store/server/main'));
/** Ends the server when this test process ends, however it ends (its stdin is our pipe). */
const EXIT_WITH_PARENT = fileURLToPath(import.meta.resolve('@animal-store/testing/exit-with-parent'));
const LISTENING = /^Animal Store listening on (http:\/\/[^\s]+)$/;
const START_TIMEOUT_MS = 15_000;

/** The key every test server accepts (through API_KEYS), unless started with `firstKeyOnly`. */
export const SERVER_API_KEY = 'cli-test-key-0123456789';

export interface ServerOptions {
  /** A fixed port instead of a free one chosen by the OS. */
  port?: number;
  /** Keys accepted besides `apiKey`, e.g. one whose rate limit a test does not want to spend. */
  extraApiKeys?: string[];
  /** Further server configuration, e.g. RATE_LIMIT_PER_MINUTE. */
  env?: Record<string, string>;
  /**
   * No API_KEYS: the store makes its first key at start-up and prints it once, and that stored key is `apiKey`,
   * the only key the store has.
   */
  firstKeyOnly?: boolean;
}

/** The real server as a process of its own, on a free port and a new, empty SQLite file. */
export async function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-cli-'));
  const configuredKeys = options.firstKeyOnly
    ? {}
    : { API_KEYS: [SERVER_API_KEY, ...(options.extraApiKeys ?? [])].join(',') };
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'store.db')}`,
      ...configuredKeys,
      NODE_ENV: 'test',
      // info, not warn: the line that names the port is an info line.
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    const { origin, output } = await listening(child);
    return {
      baseUrl: `${origin}/v1`,
      apiKey: options.firstKeyOnly ? firstKeyIn(output) : SERVER_API_KEY,
      async stop() {
        await stopProcess(child);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The origin the server listens on, and everything it wrote until then. */
function listening(child: ChildProcess): Promise<{ origin: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = output
        .split('\n')
        .map(listeningOriginOf)
        .find((found) => found !== undefined);
      if (origin) {
        clearTimeout(timer);
        resolve({ origin, output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** The key in the indented line of the server's "No API key existed, so one was created" notice. */
function firstKeyIn(output: string): string {
  const key = /^ {6}(as_[\w-]+)$/m.exec(output)?.[1];
  if (key === undefined) throw new Error(`the server printed no first key:\n${output}`);
  return key;
}

/** The origin named by the server's JSON log line `{"msg":"Animal Store listening on http://…"}`. */
function listeningOriginOf(line: string): string | undefined {
  try {
    const { msg } = JSON.parse(line) as { msg?: unknown };
    return typeof msg === 'string' ? LISTENING.exec(msg)?.[1] : undefined;
  } catch {
    return undefined;
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
