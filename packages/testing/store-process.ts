import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerMain } from './server-entry.js';

export interface StoreProcess {
  /** The API's base URL, ending in /v1. */
  baseUrl: string;
  /** A key with every scope: STORE_API_KEY, or with `firstKeyOnly` the one the store made at start-up. */
  apiKey: string;
  stop(): Promise<void>;
}

export interface StoreOptions {
  /** A fixed port instead of a free one chosen by the OS. */
  port?: number;
  /** Keys accepted besides `apiKey`, e.g. one whose rate limit a test does not want to spend. */
  extraApiKeys?: string[];
  /** Further store configuration, e.g. RATE_LIMIT_PER_MINUTE. */
  env?: Record<string, string>;
  /**
   * No API_KEYS: the store makes its first key at start-up and prints it once, and that stored key is `apiKey`,
   * the only key the store has.
   */
  firstKeyOnly?: boolean;
}

/** The key every test store accepts (through API_KEYS), unless started with `firstKeyOnly`. */
export const STORE_API_KEY = 'test-store-key-0123456789';

/** Ends the store when the test process ends, however it ends (its stdin is the test's pipe). */
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));
const LISTENING = /^Animal Store listening on (http:\/\/[^\s]+)$/;
/** A store started beside every other workspace's suite on 2 busy cores took over 15 s to listen; a fail-safe only. */
const START_TIMEOUT_MS = 45_000;

/** The built store as a process of its own, on 127.0.0.1, a free port and a new, empty SQLite file. */
export async function startStore(options: StoreOptions = {}): Promise<StoreProcess> {
  const serverMain = await builtServerMain();
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-test-'));
  const configuredKeys = options.firstKeyOnly
    ? {}
    : { API_KEYS: [STORE_API_KEY, ...(options.extraApiKeys ?? [])].join(',') };
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, serverMain], {
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
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const { origin, output } = await listening(child);
    return {
      baseUrl: `${origin}/v1`,
      apiKey: options.firstKeyOnly ? firstKeyIn(output) : STORE_API_KEY,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The origin the store listens on, and everything it wrote until then. */
function listening(child: ChildProcess): Promise<{ origin: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the store did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const origin = output
        .split('\n')
        .map(listeningOriginOf)
        .find((found) => found !== undefined);
      if (origin) {
        clearTimeout(timer);
        resolve({ origin, output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the store exited with ${code}:\n${output}`));
    });
  });
}

/** The key in the indented line of the store's "No API key existed, so one was created" notice. */
function firstKeyIn(output: string): string {
  const key = /^ {6}(as_[\w-]+)$/m.exec(output)?.[1];
  if (key === undefined) throw new Error(`the store printed no first key:\n${output}`);
  return key;
}

/** The origin named by the store's JSON log line `{"msg":"Animal Store listening on http://…"}`. */
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
