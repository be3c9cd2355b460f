import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface StoreProcess {
  origin: string;
  apiKey: string;
  stop(): Promise<void>;
}

/**
 * A real store process on an empty SQLite file in a fresh folder, listening on 127.0.0.1 (on a free port unless
 * `env` sets PORT); `env` adds configuration such as STAGING_BASE_URL or CORS_ORIGINS.
 */
export async function startStore(env: Record<string, string> = {}): Promise<StoreProcess> {
  // Resolved by the global setup from the server package's exports; `pnpm test` builds the server first.
  const server = inject('server');
  const serverMain = server.main;
  if (!existsSync(serverMain)) {
    throw new Error(`${serverMain} does not exist: run \`pnpm test\` (it builds the server first).`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'animal-store-admin-e2e-'));
  const apiKey = `e2e-admin-key-${randomBytes(12).toString('hex')}`;
  // The store ends with this test process even when the run is killed without its teardown (see that file).
  const child = spawn(process.execPath, ['--import', server.exitWithParent, serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      // info, not warn: the line that says where the store listens is logged at info.
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `file:${join(folder, 'store.db')}`,
      API_KEYS: apiKey,
      ...env,
    },
    // stdin is the pipe that ties the store's life to this process's.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const origin = await listeningOrigin(child, exited);
    return {
      origin,
      apiKey,
      async stop() {
        child.kill('SIGTERM');
        await exited;
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

function listeningOrigin(child: ChildProcess, exited: Promise<number | null>): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Keep reading for as long as the process lives: a full pipe would block its logging.
      if (output.length < 64_000) output += chunk.toString();
      const match = /Animal Store listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`The store exited with ${code} before listening:\n${output}`)),
    );
  });
}

/** A port nothing listens on right now, for a store whose address must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
