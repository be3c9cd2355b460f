import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StoreProcess {
  /** The API's base URL, ending in /v1. */
  baseUrl: string;
  /** A key with every scope, set through API_KEYS. */
  apiKey: string;
  stop(): Promise<void>;
}

const SERVER_MAIN = fileURLToPath(import.meta.resolve('@animal-store/server/main'));
/** Ends the store when this test process ends, however it ends (its stdin is our pipe). */
const EXIT_WITH_PARENT = fileURLToPath(import.meta.resolve('@animal-store/testing/exit-with-parent'));
const LISTENING = /^Animal Store listening on (http:\/\/[^\s]+)$/;
const START_TIMEOUT_MS = 15_000;

export const STORE_API_KEY = 'client-test-key-0123456789';

/** The built store as a process of its own, on a free port and a new SQLite file; `env` adds configuration. */
export async function startStore(env: Record<string, string> = {}): Promise<StoreProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'animal-store-client-'));
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'store.db')}`,
      API_KEYS: STORE_API_KEY,
      NODE_ENV: 'test',
      // info, not warn: the line that names the port is an info line.
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    return { baseUrl: `${await listeningOrigin(child)}/v1`, apiKey: STORE_API_KEY, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The origin named by the store's JSON log line `{"msg":"Animal Store listening on http://…"}`. */
function listeningOrigin(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the store did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const origin = output.split('\n').map(originOf).find(Boolean);
      if (origin) {
        clearTimeout(timer);
        resolve(origin);
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

function originOf(line: string): string | undefined {
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
