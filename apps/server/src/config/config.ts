import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_BASE_PATH,
  HttpUrlSchema,
  isEncryptedOrLoopback,
  LOOPBACK_IN_WORDS,
  MAX_KEY_RATE_LIMIT_PER_MINUTE,
  USAGE_WRITE_INTERVAL_SECONDS,
} from '@animal-store/contract';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { type TracingConfig, tracingConfigOf, tracingEnvFields } from './tracing-config.js';

/** `data/animal-store.db` at the repository root, wherever the server is started from (this file is dist/config/config.js). */
export const DEFAULT_SQLITE_PATH = fileURLToPath(
  new URL('../../../../data/animal-store.db', import.meta.url),
);

/**
 * Connections each serving process keeps to PostgreSQL at most (node-postgres's own default). Instances × WORKERS ×
 * this must stay under the server's `max_connections` (100 by default).
 */
export const DEFAULT_POSTGRES_POOL_SIZE = 10;

/**
 * The longest a PostgreSQL query may take, cut by the server (`statement_timeout`) and by the client (a partition
 * leaves the server unable to answer at all). Far above any of the store's queries, short enough for a client.
 */
export const DEFAULT_DATABASE_QUERY_TIMEOUT_MS = 5000;

type SqliteConfig = { kind: 'sqlite'; path: string };
type PostgresLocation = {
  kind: 'postgres';
  url: string;
  /** `?pgbouncer=true`: the URL leads to PgBouncer in transaction pooling mode (decision 017). */
  pgbouncer?: boolean;
};
export type PostgresConfig = PostgresLocation & { poolSize: number; queryTimeoutMs: number };
export type DatabaseConfig = SqliteConfig | PostgresConfig;
/** Express's `trust proxy` setting: hops to trust, or the trusted proxies' addresses and ranges. */
export type TrustProxy = number | string[];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number within bounds; any miss (not a number, a fraction, out of range) is told the whole rule. */
const wholeNumber = (min: number, max?: number) => {
  const rule =
    max === undefined
      ? `must be a whole number of at least ${min}`
      : `must be a whole number from ${min} to ${max}`;
  const atLeast = z.coerce.number({ error: rule }).int(rule).min(min, rule);
  return max === undefined ? atLeast : atLeast.max(max, rule);
};

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

/**
 * Takes the store's own `pgbouncer` parameter out of a PostgreSQL URL: the server would refuse it. A URL that does
 * not parse is named without being quoted: it holds the password.
 */
function postgresLocation(value: string, ctx: z.RefinementCtx): PostgresLocation {
  if (!URL.canParse(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'is not a valid URL: check the host, the port (up to 65535) and that special characters in the user name and password are percent-encoded',
    });
    return z.NEVER;
  }
  if (!value.includes('pgbouncer=')) return { kind: 'postgres', url: value };
  const url = new URL(value);
  const pgbouncer = url.searchParams.get('pgbouncer');
  if (pgbouncer === null) return { kind: 'postgres', url: value };
  if (pgbouncer !== 'true' && pgbouncer !== 'false') {
    ctx.addIssue({ code: 'custom', message: 'must set pgbouncer to true or false' });
    return z.NEVER;
  }
  url.searchParams.delete('pgbouncer');
  return { kind: 'postgres', url: url.toString(), pgbouncer: pgbouncer === 'true' };
}

/**
 * Where the user typed the command: pnpm and npm run a script in its package's folder and say where they were in
 * INIT_CWD. Every relative path the user gives (a `file:` DATABASE_URL, a data command's FILE or `--to file:`) is
 * relative to it, so `pnpm start`, `data` and `keys` typed in one folder open one file.
 */
const workingDirectoryOf = (env: Record<string, string | undefined>) => env.INIT_CWD || process.cwd();

/** A `file:` path, absolute: messages name the file itself, and no later change of folder moves it. */
const sqlitePath = (path: string, workingDirectory: string) =>
  path === ':memory:' || isAbsolute(path) ? path : resolve(workingDirectory, path);

const databaseUrlSchema = (workingDirectory: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): SqliteConfig | PostgresLocation => {
      if (value === undefined || value === '') return { kind: 'sqlite', path: DEFAULT_SQLITE_PATH };
      if (value.startsWith('file:')) {
        return { kind: 'sqlite', path: sqlitePath(value.slice('file:'.length), workingDirectory) };
      }
      if (/^postgres(ql)?:\/\//.test(value)) return postgresLocation(value, ctx);
      ctx.addIssue({ code: 'custom', message: 'must start with file:, postgres:// or postgresql://' });
      return z.NEVER;
    });

const absoluteUrl = HttpUrlSchema;

/** An API address the admin app sends its key to: the clients' transport rule (the contract's, shared with the CLI). */
const apiAddress = z
  .string()
  .refine(
    isEncryptedOrLoopback,
    `must be an https:// URL (plain http:// only on loopback: ${LOOPBACK_IN_WORDS})`,
  );

/** Where clients reach this server: links are built on it, so it carries no query, fragment or credentials. */
const publicBaseUrl = absoluteUrl
  .refine((value) => {
    // An unparsable value is already reported as not a URL.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'must have no query, fragment or user name')
  .transform((value) => value.replace(/\/+$/, ''));

const positiveInt = wholeNumber(1);

/**
 * The highest limit of its own a key may be given unless the operator says otherwise: a hundred times the default
 * limit, a thousand requests a second. A key above it is one client taking a whole instance.
 */
const DEFAULT_KEY_RATE_LIMIT_MAX_PER_MINUTE = 60_000;

/**
 * Express's `trust proxy` values that name who may speak for a client: a hop count, or addresses and CIDR ranges
 * (and proxy-addr's names loopback, linklocal, uniquelocal). `true` is refused: it trusts every peer, so any client
 * could choose the address it is counted under.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy | undefined => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return undefined;
    if (/^\d+$/.test(trimmed) && Number(trimmed) > 0) return Number(trimmed);
    const entries = trimmed.split(',').map((entry) => entry.trim());
    try {
      // proxy-addr would read a bare number as an IPv4 address (0 as 0.0.0.0).
      const number = entries.find((entry) => /^\d+$/.test(entry));
      if (number === '0') throw new Error('0 hops trusts no proxy: leave it unset');
      if (number !== undefined) throw new Error(`a hop count stands alone: ${number}`);
      proxyAddr.compile(entries);
      return entries;
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (1, 2, …) or a comma list of proxy addresses or CIDR ranges (${(error as Error).message})`,
      });
      return z.NEVER;
    }
  });

const envFields = (workingDirectory: string) =>
  z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().min(1, 'must be an address or a host name').default('127.0.0.1'),
    DATABASE_URL: databaseUrlSchema(workingDirectory),
    API_KEYS: commaList.pipe(z.array(z.string().min(16, 'must be at least 16 characters long'))),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    CORS_ORIGINS: commaList.pipe(z.array(absoluteUrl)),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1, 'must not be empty').default('animal-store:rate-limit:'),
    TRUST_PROXY: trustProxySchema,
    RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
    KEY_RATE_LIMIT_MAX_PER_MINUTE: wholeNumber(1, MAX_KEY_RATE_LIMIT_PER_MINUTE).default(
      DEFAULT_KEY_RATE_LIMIT_MAX_PER_MINUTE,
    ),
    AUTH_FAILURES_PER_MINUTE: positiveInt.default(30),
    REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
    HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
    MAX_CONNECTIONS: positiveInt.default(1000),
    WORKERS: wholeNumber(1, 64).default(1),
    AUDIT_RETENTION_DAYS: wholeNumber(0, 36_500).default(400),
    KEY_USAGE_WRITE_SECONDS: wholeNumber(1, USAGE_WRITE_INTERVAL_SECONDS).default(
      USAGE_WRITE_INTERVAL_SECONDS,
    ),
    DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(DEFAULT_POSTGRES_POOL_SIZE),
    DATABASE_QUERY_TIMEOUT_MS: wholeNumber(1, 600_000).default(DEFAULT_DATABASE_QUERY_TIMEOUT_MS),
    METRICS_PORT: wholeNumber(0, 65535).optional(),
    METRICS_HOST: z.string().min(1, 'must be an address or a host name').default('127.0.0.1'),
    PRODUCTION_BASE_URL: apiAddress.optional(),
    STAGING_BASE_URL: apiAddress.optional(),
    PUBLIC_BASE_URL: publicBaseUrl.optional(),
    ...tracingEnvFields,
  });

/** Rules between variables, checked once each variable is valid on its own. */
const envSchema = (workingDirectory: string) =>
  envFields(workingDirectory).superRefine((env, ctx) => {
    // Node refuses to start a server whose headers may take longer than the whole request.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `must not exceed REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
      });
    }
    // One SQLite file has one writer, and better-sqlite3 waits for another process's lock synchronously: a worker
    // waiting for its sibling's commit would serve nobody meanwhile (decision 042).
    if (env.WORKERS > 1 && env.DATABASE_URL?.kind === 'sqlite') {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message:
          'must be 1 with SQLite, which has one writer at a time; set DATABASE_URL to PostgreSQL to serve from several workers',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  /** Where the user typed the command (INIT_CWD, else the process's folder): relative paths start here. */
  workingDirectory: string;
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Keys accepted besides the stored ones, e.g. injected by a secret manager. */
  apiKeys: string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** `pretty`: readable lines; `json`: JSON lines; undefined: readable only in development at a terminal. */
  logFormat: 'json' | 'pretty' | undefined;
  /** Origins allowed to call /v1 from a browser (a separately hosted admin); empty: CORS stays closed. */
  corsOrigins: string[];
  /** API base addresses the admin app offers; production defaults to this server's own /v1. */
  adminEnvironments: AdminEnvironment[];
  /**
   * This server's address as its clients know it (without /v1), for absolute `Link` and `Location` headers;
   * undefined: they are relative references, resolved by clients against the request URL.
   */
  publicBaseUrl: string | undefined;
  /** Shared rate-limit counters for several instances; in-process counters when absent. */
  redisUrl: string | undefined;
  /** Prefix of every rate-limit key in Redis: deployments (or test runs) sharing one Redis keep apart. */
  redisKeyPrefix: string;
  /** Proxies whose `X-Forwarded-For` names the client; undefined: the peer address is the client's. */
  trustProxy: TrustProxy | undefined;
  rateLimits: {
    requestsPerKeyPerMinute: number;
    authFailuresPerAddressPerMinute: number;
    /** The highest `rateLimitPerMinute` a key may be given. */
    keyLimitMaxPerMinute: number;
  };
  serverLimits: ServerLimits;
  /** Processes serving one port (Node cluster); 1 serves from the main process itself. */
  workers: number;
  /** Audit events older than this many days are pruned, the chain kept verifiable; 0 keeps every event. */
  auditRetentionDays: number;
  /**
   * How often each serving process writes the API key usage it counted: what a SIGKILL may lose. At most
   * USAGE_WRITE_INTERVAL_SECONDS, the contract's bound; lower writes more often.
   */
  keyUsageWriteSeconds: number;
  /** Prometheus metrics on a listener of their own; none when METRICS_PORT is unset. */
  metrics: { port: number; host: string } | undefined;
  /** OpenTelemetry traces, exported over OTLP/HTTP; none (and nothing of OpenTelemetry loaded) when no endpoint is set. */
  tracing: TracingConfig | undefined;
};

export interface AdminEnvironment {
  name: 'production' | 'staging';
  baseUrl: string;
}

/** The HTTP server's limits (http/http-server.ts), which protect it from slow or abusive clients. */
export interface ServerLimits {
  /** Whole request, headers and body, must arrive within this (the body: see enforceBodyDeadline). */
  requestTimeoutMs: number;
  /** Headers must arrive within this: the defence against slow-loris clients. */
  headersTimeoutMs: number;
  /** Connections beyond this are refused, so that one instance degrades instead of falling over. */
  maxConnections: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The words of an enum row (NODE_ENV, LOG_LEVEL) instead of Zod's "Invalid option: expected one of …". */
const plainWords = (issue: z.core.$ZodRawIssue): string | undefined =>
  issue.code === 'invalid_value' ? `must be one of ${issue.values.join(', ')}` : undefined;

/** `PORT must be a whole number from 0 to 65535.`: one sentence per issue, naming the entry of a list. */
function sentenceOf(issue: z.core.$ZodIssue): string {
  const [variable, entry] = issue.path;
  const subject = typeof entry === 'number' ? `${String(variable)} entry ${entry + 1}` : String(variable);
  return `${subject} ${issue.message}.`;
}

/**
 * Parses the environment once at start-up; every invalid variable is named in one error, one sentence a line. No
 * sentence quotes DATABASE_URL or API_KEYS: they hold secrets.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const workingDirectory = workingDirectoryOf(env);
  const result = envSchema(workingDirectory).safeParse(env, { error: plainWords });
  if (!result.success) {
    const sentences = new Set(result.error.issues.map(sentenceOf));
    throw new ConfigError([...sentences].join('\n'));
  }
  const parsed = result.data;
  return {
    env: parsed.NODE_ENV,
    workingDirectory,
    port: parsed.PORT,
    host: parsed.HOST,
    database:
      parsed.DATABASE_URL.kind === 'postgres'
        ? {
            ...parsed.DATABASE_URL,
            poolSize: parsed.DATABASE_POOL_SIZE,
            queryTimeoutMs: parsed.DATABASE_QUERY_TIMEOUT_MS,
          }
        : parsed.DATABASE_URL,
    apiKeys: parsed.API_KEYS,
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    corsOrigins: parsed.CORS_ORIGINS,
    adminEnvironments: [
      { name: 'production', baseUrl: parsed.PRODUCTION_BASE_URL ?? API_BASE_PATH },
      ...(parsed.STAGING_BASE_URL ? [{ name: 'staging' as const, baseUrl: parsed.STAGING_BASE_URL }] : []),
    ],
    publicBaseUrl: parsed.PUBLIC_BASE_URL,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    trustProxy: parsed.TRUST_PROXY,
    rateLimits: {
      requestsPerKeyPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
      authFailuresPerAddressPerMinute: parsed.AUTH_FAILURES_PER_MINUTE,
      keyLimitMaxPerMinute: parsed.KEY_RATE_LIMIT_MAX_PER_MINUTE,
    },
    serverLimits: {
      requestTimeoutMs: parsed.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: parsed.HEADERS_TIMEOUT_MS,
      maxConnections: parsed.MAX_CONNECTIONS,
    },
    workers: parsed.WORKERS,
    auditRetentionDays: parsed.AUDIT_RETENTION_DAYS,
    keyUsageWriteSeconds: parsed.KEY_USAGE_WRITE_SECONDS,
    metrics:
      parsed.METRICS_PORT === undefined
        ? undefined
        : { port: parsed.METRICS_PORT, host: parsed.METRICS_HOST },
    tracing: tracingConfigOf(parsed),
  };
}
