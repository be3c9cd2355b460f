import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { startStore as startTestStore } from '@animal-store/testing/store-process';
import { inject } from 'vitest';

export interface StoreProcess {
  origin: string;
  apiKey: string;
  stop(): Promise<void>;
}

/**
 * A real store process on an empty SQLite file in a fresh folder, listening on 127.0.0.1 (on a free port unless
 * `env` sets PORT); `env` adds configuration such as STAGING_BASE_URL or CORS_ORIGINS. Started by
 * `@animal-store/testing`, the one way every workspace's tests start a store, with a key of its own.
 */
export async function startStore(env: Record<string, string> = {}): Promise<StoreProcess> {
  // Resolved by the global setup from the server package's exports; `pnpm test` builds the server first.
  const serverMain = inject('server').main;
  if (!existsSync(serverMain)) {
    throw new Error(`${serverMain} does not exist: run \`pnpm test\` (it builds the server first).`);
  }
  const apiKey = `e2e-admin-key-${randomBytes(12).toString('hex')}`;
  const { PORT, ...rest } = env;
  const store = await startTestStore({
    entry: serverMain,
    ...(PORT === undefined ? {} : { port: Number(PORT) }),
    env: { API_KEYS: apiKey, ...rest },
  });
  return { origin: store.origin, apiKey, stop: store.stop };
}
