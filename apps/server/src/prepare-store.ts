import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import type { QueryTracer } from './database/traced-dialect.js';
import { ensureAnApiKey } from './keys/bootstrap-key.js';
import { createKeyCommand } from './keys/create-key-command.js';
import type { Metrics } from './observability/metrics.js';
import { openRepositoriesWhenReachable, type Repositories } from './store/repositories.js';
import { databaseTuning } from './tuning/index.js';

function printFirstKey(key: string, database: Config['database']): void {
  process.stderr.write(
    [
      '',
      '  No API key existed, so one was created. It is shown only this once:',
      '',
      `      ${key}`,
      '',
      '  Send it as `Authorization: Bearer <key>`. To create another key (one per client, or to replace this',
      `  one if it is lost), run${database.kind === 'postgres' ? ', with the same DATABASE_URL' : ''}:`,
      '',
      `      ${createKeyCommand(database)}`,
      '',
      '  `keys list` shows the keys, `keys revoke ID` withdraws one.',
      '',
      '',
    ].join('\n'),
  );
}

/**
 * The database reachable and migrated, and a key present: done once before serving, by the cluster primary when
 * there is one. Waits for a database that is not there yet; a first key it creates is shown once, on stderr.
 */
export async function prepareStore(
  config: Config,
  logger: Logger,
  metrics?: Metrics,
  traceQuery?: QueryTracer,
): Promise<Repositories> {
  const repositories = await openRepositoriesWhenReachable(config.database, {
    onCommitBatch: metrics && ((size) => metrics.commitBatchSize.observe(size)),
    onAuditEvent: metrics && (({ action, outcome }) => metrics.auditEvents.inc({ action, outcome })),
    // The message and code say enough; node-postgres's error carries its whole client, prepared statements and all.
    onConnectionLost: ({ message, code }: Error & { code?: string }) =>
      logger.warn({ code, reason: message }, 'database connection lost; it will be replaced'),
    onRetry: (error, attempt, delayMs) =>
      logger.warn({ err: error, attempt, delayMs }, 'database unreachable at start-up; retrying'),
    tuning: databaseTuning({ namedPostgresStatements: true }),
    traceQuery,
  });
  const firstKey = await ensureAnApiKey({
    keys: repositories.apiKeys,
    configuredKeyCount: config.apiKeys.length,
    production: config.env === 'production',
    database: config.database,
  });
  if (firstKey.kind === 'created') printFirstKey(firstKey.key.key, config.database);
  if (firstKey.kind === 'none-active') {
    logger.warn(
      `every API key is revoked, so no request is admitted; create one with \`${createKeyCommand(config.database)}\``,
    );
  }
  metrics?.watchPool(() => repositories.database.poolUsage());
  return repositories;
}
