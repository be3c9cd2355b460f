import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtServerMain } from './server-entry.js';
import { startServerProcess } from './server-process.js';

export interface StoreProcess {
  /** Where the store listens, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** The API's base URL, ending in /v1. */
  baseUrl: string;
  /** A key with every scope: STORE_API_KEY, or with `firstKeyOnly` the one the store made at start-up. */
  apiKey: string;
  stop(): Promise<void>;
}

export interface StoreOptions {
  /** The entry point to run; by default the built store, `@animal-store/server/main`. */
  entry?: string;
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

/** A store started beside every other workspace's suite on 2 busy cores took over 15 s to listen; a fail-safe only. */
const START_TIMEOUT_MS = 45_000;

/** The built store as a process of its own, on 127.0.0.1, a free port and a new, empty SQLite file. */
export async function startStore(options: StoreOptions = {}): Promise<StoreProcess> {
  const entry = options.entry ?? (await builtServerMain());
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-test-'));
  const configuredKeys = options.firstKeyOnly
    ? {}
    : { API_KEYS: [STORE_API_KEY, ...(options.extraApiKeys ?? [])].join(',') };
  const server = startServerProcess({
    entry,
    env: {
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'store.db')}`,
      ...configuredKeys,
      ...options.env,
    },
  });
  const stop = async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const origin = await withinStartTimeout(server.listening, server.output);
    return {
      origin,
      baseUrl: `${origin}/v1`,
      apiKey: options.firstKeyOnly ? firstKeyIn(server.output()) : STORE_API_KEY,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function withinStartTimeout(listening: Promise<string>, output: () => string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not start:\n${output()}`)), START_TIMEOUT_MS);
  });
  return Promise.race([listening, timeout]).finally(() => clearTimeout(timer));
}

/** The key in the indented line of the store's "No API key existed, so one was created" notice. */
function firstKeyIn(output: string): string {
  const key = /^ {6}(as_[\w-]+)$/m.exec(output)?.[1];
  if (key === undefined) throw new Error(`the store printed no first key:\n${output}`);
  return key;
}
