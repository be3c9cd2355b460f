import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to loopback:3000 and the SQLite file data/animal-store.db at the repository root', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      apiKeys: [],
      logLevel: 'info',
    });
    expect(config.database).toStrictEqual({
      kind: 'sqlite',
      path: expect.stringMatching(/[/\\]data[/\\]animal-store\.db$/),
    });
    expect(config.database.kind === 'sqlite' && config.database.path).not.toContain('apps');
    expect(config.adminEnvironments).toStrictEqual([{ name: 'production', baseUrl: '/v1' }]);
    // No metrics listener unless METRICS_PORT asks for one.
    expect(config.metrics).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u@db/store',
      API_KEYS: ' key-one-0123456789 , key-two-0123456789 ',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      CORS_ORIGINS: 'https://admin.example.test',
      STAGING_BASE_URL: 'https://staging.example.test/v1',
      PUBLIC_BASE_URL: 'https://pets.example.test/store/',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'shop-a:',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      RATE_LIMIT_PER_MINUTE: '60',
      AUTH_FAILURES_PER_MINUTE: '5',
      REQUEST_TIMEOUT_MS: '2000',
      HEADERS_TIMEOUT_MS: '1000',
      MAX_CONNECTIONS: '50',
      WORKERS: '2',
      AUDIT_RETENTION_DAYS: '90',
      KEY_USAGE_WRITE_SECONDS: '5',
      DATABASE_POOL_SIZE: '4',
      DATABASE_QUERY_TIMEOUT_MS: '2500',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_BSP_SCHEDULE_DELAY: '500',
      OTEL_BSP_MAX_QUEUE_SIZE: '4096',
      INIT_CWD: '/home/ops',
    });
    expect(config).toStrictEqual({
      env: 'production',
      workingDirectory: '/home/ops',
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgresql://u@db/store', poolSize: 4, queryTimeoutMs: 2500 },
      apiKeys: ['key-one-0123456789', 'key-two-0123456789'],
      logLevel: 'warn',
      logFormat: 'pretty',
      corsOrigins: ['https://admin.example.test'],
      adminEnvironments: [
        { name: 'production', baseUrl: '/v1' },
        { name: 'staging', baseUrl: 'https://staging.example.test/v1' },
      ],
      publicBaseUrl: 'https://pets.example.test/store',
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'shop-a:',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      rateLimits: {
        requestsPerKeyPerMinute: 60,
        authFailuresPerAddressPerMinute: 5,
        keyLimitMaxPerMinute: 60_000,
      },
      serverLimits: { requestTimeoutMs: 2000, headersTimeoutMs: 1000, maxConnections: 50 },
      workers: 2,
      auditRetentionDays: 90,
      keyUsageWriteSeconds: 5,
      metrics: { port: 9464, host: '10.0.0.5' },
      tracing: {
        protocol: 'http/json',
        sampler: { name: 'parentbased_traceidratio', ratio: 0.25 },
        batch: { scheduledDelayMillis: 500, maxQueueSize: 4096 },
      },
    });
  });

  it('traces only when an OTLP endpoint is named, with the SDK defaults, and names every bad OTEL_ variable', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).tracing,
    ).toStrictEqual({
      protocol: 'http/protobuf',
      sampler: { name: 'parentbased_always_on', ratio: 1 },
      batch: {},
    });
    expect(() =>
      loadConfig({
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_TRACES_SAMPLER: 'sometimes',
        OTEL_TRACES_SAMPLER_ARG: '2',
        OTEL_BSP_SCHEDULE_DELAY: 'soon',
      }),
    ).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL.*\n.*OTEL_TRACES_SAMPLER .*\n.*OTEL_TRACES_SAMPLER_ARG.*\n.*OTEL_BSP_SCHEDULE_DELAY/,
    );
  });

  it('keeps 10 PostgreSQL connections per process, 5 s per query, unless configured otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/store' }).database).toStrictEqual({
      kind: 'postgres',
      url: 'postgres://u@db/store',
      poolSize: 10,
      queryTimeoutMs: 5000,
    });
    for (const bad of ['0', '-1', '2.5', 'soon', '600001']) {
      expect(() =>
        loadConfig({ DATABASE_URL: 'postgres://u@db/store', DATABASE_QUERY_TIMEOUT_MS: bad }),
      ).toThrow(/DATABASE_QUERY_TIMEOUT_MS/);
    }
    for (const bad of ['0', '-1', '2.5', 'ten', '1001']) {
      expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db/store', DATABASE_POOL_SIZE: bad })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    }
  });

  it('leaves links relative without PUBLIC_BASE_URL and takes only a plain absolute http(s) URL', () => {
    expect(loadConfig({}).publicBaseUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://pets.example.test' }).publicBaseUrl).toBe(
      'http://pets.example.test',
    );
    for (const bad of [
      'pets.example.test',
      '/store',
      'ftp://pets.example.test',
      'https://pets.example.test/?a=1',
      'https://pets.example.test/#top',
      'https://user:secret@pets.example.test',
    ]) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad }), bad).toThrow(/PUBLIC_BASE_URL/);
    }
  });

  it('takes ?pgbouncer=true out of the URL and remembers it, wherever it stands among the parameters', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@pool:6432/store?pgbouncer=true' }).database,
    ).toStrictEqual({
      kind: 'postgres',
      url: 'postgres://u@pool:6432/store',
      poolSize: 10,
      queryTimeoutMs: 5000,
      pgbouncer: true,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@pool/store?pgbouncer=true&application_name=a' }).database,
    ).toStrictEqual({
      kind: 'postgres',
      url: 'postgres://u@pool/store?application_name=a',
      poolSize: 10,
      queryTimeoutMs: 5000,
      pgbouncer: true,
    });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@pool/store?pgbouncer=yes' })).toThrow(
      /DATABASE_URL must set pgbouncer to true or false\./,
    );
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '192.0.2.7' }).trustProxy).toStrictEqual(['192.0.2.7']);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8,uniquelocal' }).trustProxy).toStrictEqual([
      'fd00::/8',
      'uniquelocal',
    ]);
    for (const [bad, problem] of [
      ['true', 'invalid IP address: true'],
      ['0', '0 hops trusts no proxy: leave it unset'],
      ['10.0.0.1, 2', 'a hop count stands alone: 2'],
      ['10.0.0.0/33', 'invalid range on address: 10.0.0.0/33'],
      ['proxy.example', 'invalid IP address: proxy.example'],
      ['10.0.0.1,', 'invalid IP address: '],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        `TRUST_PROXY must be a hop count (1, 2, …) or a comma list of proxy addresses or CIDR ranges (${problem}).`,
      );
    }
  });

  it('takes file: URLs as SQLite paths, a relative one from where the command was typed (INIT_CWD)', () => {
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.db', INIT_CWD: '/home/ops' }).database).toStrictEqual({
      kind: 'sqlite',
      path: '/tmp/x.db',
    });
    expect(loadConfig({ DATABASE_URL: 'file:../x.db', INIT_CWD: '/home/ops' }).database).toStrictEqual({
      kind: 'sqlite',
      path: '/home/x.db',
    });
    // Run by node itself, not by pnpm or npm: the process's own folder.
    expect(loadConfig({ DATABASE_URL: 'file:x.db' }).database).toStrictEqual({
      kind: 'sqlite',
      path: `${process.cwd()}/x.db`,
    });
  });

  it('names every bad variable in one error', () => {
    const load = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        API_KEYS: 'short',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'prod',
      });
    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'API_KEYS', 'LOG_LEVEL', 'NODE_ENV'])
      expect(message).toContain(`${name}`);
  });
});

describe('loadConfig on invalid variables', () => {
  const messageOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted an invalid environment');
  };

  it('says what each variable must be, one sentence a variable, in the schema order', () => {
    expect(
      messageOf({
        NODE_ENV: 'prod',
        PORT: 'abc',
        HOST: '',
        DATABASE_URL: 'mysql://db',
        API_KEYS: 'short',
        LOG_LEVEL: 'loud',
        CORS_ORIGINS: 'https://admin.example.test,admin.example.test',
        REDIS_URL: 'localhost:6379',
        RATE_LIMIT_PER_MINUTE: '0',
        AUTH_FAILURES_PER_MINUTE: 'many',
        REQUEST_TIMEOUT_MS: '1.5',
        WORKERS: '65',
        DATABASE_POOL_SIZE: '0',
        STAGING_BASE_URL: 'ftp://staging.example.test',
      }).split('\n'),
    ).toStrictEqual([
      'NODE_ENV must be one of development, production, test.',
      'PORT must be a whole number from 0 to 65535.',
      'HOST must be an address or a host name.',
      'DATABASE_URL must start with file:, postgres:// or postgresql://.',
      'API_KEYS entry 1 must be at least 16 characters long.',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
      'CORS_ORIGINS entry 2 must be an absolute http:// or https:// URL.',
      'REDIS_URL must start with redis:// or rediss://.',
      'RATE_LIMIT_PER_MINUTE must be a whole number of at least 1.',
      'AUTH_FAILURES_PER_MINUTE must be a whole number of at least 1.',
      'REQUEST_TIMEOUT_MS must be a whole number of at least 1.',
      'WORKERS must be a whole number from 1 to 64.',
      'DATABASE_POOL_SIZE must be a whole number from 1 to 1000.',
      'STAGING_BASE_URL must be an https:// URL (plain http:// only on loopback: localhost, 127.0.0.0/8, ::1).',
    ]);
  });

  it('names a PostgreSQL URL that does not parse in one sentence, without quoting it', () => {
    for (const url of [
      'postgres://store:S3cret@127.0.0.1:99999/db?pgbouncer=true',
      'postgres://store:S3cret@127.0.0.1:99999/db',
      'postgres://store:S3cret@[::1/db',
    ]) {
      expect(messageOf({ DATABASE_URL: url })).toBe(
        'DATABASE_URL is not a valid URL: check the host, the port (up to 65535) and that special characters in the user name and password are percent-encoded.',
      );
    }
  });

  it('refuses headers allowed longer than the whole request, which Node cannot serve', () => {
    expect(messageOf({ REQUEST_TIMEOUT_MS: '3000', HEADERS_TIMEOUT_MS: '5000' })).toBe(
      'HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS (3000).',
    );
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '3000', HEADERS_TIMEOUT_MS: '3000' }).serverLimits).toMatchObject(
      {
        requestTimeoutMs: 3000,
        headersTimeoutMs: 3000,
      },
    );
  });

  it('serves several workers from PostgreSQL only: SQLite has one writer', () => {
    expect(messageOf({ WORKERS: '2' })).toBe(
      'WORKERS must be 1 with SQLite, which has one writer at a time; set DATABASE_URL to PostgreSQL to serve from several workers.',
    );
    expect(messageOf({ WORKERS: '2', DATABASE_URL: 'file:/tmp/store.db' })).toMatch(/^WORKERS must be 1/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/store' }).workers).toBe(2);
  });

  it('sends the admin app’s key only over https, or plain http on loopback', () => {
    const refusal = 'must be an https:// URL (plain http:// only on loopback: localhost, 127.0.0.0/8, ::1).';
    expect(messageOf({ PRODUCTION_BASE_URL: 'http://store.example.test/v1' })).toBe(
      `PRODUCTION_BASE_URL ${refusal}`,
    );
    expect(messageOf({ STAGING_BASE_URL: 'http://10.0.0.7:3000/v1' })).toBe(`STAGING_BASE_URL ${refusal}`);
    for (const accepted of [
      'https://staging.example.test/v1',
      'http://127.0.0.1:3001/v1',
      'http://localhost:3001/v1',
      'http://[::1]:3001/v1',
    ]) {
      expect(loadConfig({ STAGING_BASE_URL: accepted }).adminEnvironments[1]).toStrictEqual({
        name: 'staging',
        baseUrl: accepted,
      });
    }
  });

  it('tells every way to miss a whole number the same whole rule', () => {
    for (const port of ['abc', '80.5', '-1', '65536', 'NaN'])
      expect(messageOf({ PORT: port })).toBe('PORT must be a whole number from 0 to 65535.');
  });

  it('never quotes a value, since some are secrets', () => {
    const secret = 'mysql://user:s3cret-password@db';
    expect(messageOf({ DATABASE_URL: secret, API_KEYS: 'short-secret' })).not.toMatch(/s3cret|short-secret/);
  });
});
