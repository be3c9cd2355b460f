import type { AddressInfo } from 'node:net';
import { adminDistDir } from '@animal-store/admin/dist-dir';
import { MAX_KEY_RATE_LIMIT_PER_MINUTE } from '@animal-store/contract';
import pino from 'pino';
import { type AppDependencies, createApp } from '../app.js';
import type { DatabaseConfig, ServerLimits } from '../config/config.js';
import { createHttpServer } from '../http/http-server.js';
import { KeyVerifier } from '../keys/key-verifier.js';
import { LOG_OPTIONS } from '../observability/logger.js';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { appTuning, bornWithAppPrototypes, databaseTuning } from '../tuning/index.js';

export interface TestServer {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Base address of the API: `${origin}/v1` */
  baseUrl: string;
  /** A valid stored API key. */
  apiKey: string;
  store: Repositories;
  /** Every log line written so far, parsed. */
  logLines(): Array<Record<string, unknown>>;
  /** Raw log output, for asserting what must never appear in it. */
  rawLogs(): string;
  /** Sends a request with the API key unless `headers.authorization` says otherwise. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The real app on a real port over a real database, as `main.ts` wires it, with logs captured in memory. */
export async function startTestServer(
  database: DatabaseConfig,
  options: {
    configuredKeys?: string[];
    /** How long verified keys are cached; the default is production's. */
    verifiedKeyTtlMs?: number;
    config?: Partial<AppDependencies['config']>;
    rateLimits?: Partial<AppDependencies['rateLimits']>;
    serverLimits?: Partial<ServerLimits>;
    adminDistDir?: string;
  } = {},
): Promise<TestServer> {
  // The store's tuning, as main.ts applies it: the tests see what production runs.
  const store = await openRepositories(database, {
    tuning: databaseTuning({ namedPostgresStatements: true }),
  });
  const { key: apiKey } = await store.apiKeys.create('test');
  let logs = '';
  const logger = pino(
    { ...LOG_OPTIONS, level: 'info' },
    {
      write: (line: string) => {
        logs += line;
      },
    },
  );
  const app = createApp({
    pets: store.pets,
    petCreation: store.petCreation,
    apiKeys: store.apiKeys,
    auditLog: store.auditLog,
    keyUsageRecords: store.keyUsage,
    keyVerifier: new KeyVerifier(store.apiKeys, options.configuredKeys ?? [], options.verifiedKeyTtlMs),
    logger,
    checkReady: () => store.database.checkReady(),
    config: {
      corsOrigins: [],
      adminEnvironments: [{ name: 'production', baseUrl: '/v1' }],
      publicBaseUrl: undefined,
      ...options.config,
    },
    rateLimits: {
      requestsPerKeyPerMinute: 100_000,
      authFailuresPerAddressPerMinute: 100_000,
      keyLimitMaxPerMinute: MAX_KEY_RATE_LIMIT_PER_MINUTE,
      ...options.rateLimits,
    },
    adminDistDir: options.adminDistDir ?? adminDistDir,
    tuning: appTuning(logger),
  });
  const server = createHttpServer(
    app,
    {
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      maxConnections: 1000,
      ...options.serverLimits,
    },
    bornWithAppPrototypes(app),
  );
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    apiKey,
    store,
    logLines: () =>
      logs
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    rawLogs: () => logs,
    request: (path, init = {}) =>
      fetch(`${origin}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${apiKey}`, ...(init.headers as Record<string, string>) },
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.database.close();
    },
  };
}
