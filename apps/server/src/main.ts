import cluster from 'node:cluster';
import { superviseWorkers } from './cluster-primary.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { DatabaseOpenError } from './database/database.js';
import { DatabaseNewerError } from './database/store-version.js';
import { NoApiKeyError } from './keys/bootstrap-key.js';
import { ListenError } from './listen.js';
import { createLogger } from './observability/logger.js';
import { serveWorkersMetrics } from './observability/serve-metrics.js';
import { prepareStore } from './prepare-store.js';
import { createStoreServer } from './store-server.js';
import { logTuning, tuneV8ForServing } from './tuning/index.js';

/** Expected start-up failures: a clear sentence for the operator, no stack trace. */
const STARTUP_ERRORS = [ConfigError, DatabaseOpenError, DatabaseNewerError, NoApiKeyError, ListenError];

/** With WORKERS > 1: prepares the database once, then starts the workers and serves their summed metrics. */
async function startPrimary(config: Config): Promise<void> {
  const logger = createLogger(config);
  // Its lines are bounded as a worker's are; the workers' metrics count theirs.
  logTuning(logger, () => {});
  const repositories = await prepareStore(config, logger);
  await repositories.database.close();
  superviseWorkers(config.workers, logger);
  await serveWorkersMetrics(config, logger);
}

/** One serving process: a single instance, or a cluster worker. SIGTERM and SIGINT stop it gracefully. */
async function startServer(config: Config): Promise<void> {
  tuneV8ForServing();
  const server = await createStoreServer(config);
  // Ctrl-C under `pnpm start` reaches the store twice (the terminal signals the whole group, then pnpm passes its
  // own on): a signal during the stop must not end the process by default action and turn a clean stop into a failure.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Listening (and saying so) only once a signal stops the store gracefully: whoever waits for the "listening"
  // line may send SIGTERM at once.
  await server.listen();
}

try {
  const config = loadConfig(process.env);
  await (config.workers > 1 && cluster.isPrimary ? startPrimary(config) : startServer(config));
} catch (error) {
  // An unexpected failure (a disk that fills during the migrations) is still one sentence: no stack trace leaves
  // the process, and its code says more to an operator than the frames would.
  const { message, code } = error as Error & { code?: unknown };
  const text = STARTUP_ERRORS.some((type) => error instanceof type)
    ? message
    : `Start-up failed: ${message}${typeof code === 'string' ? ` (${code})` : ''}.`;
  // One line per sentence, each marked with the program's name, as a configuration error may hold several.
  for (const line of text.split('\n')) process.stderr.write(`animal-store: ${line}\n`);
  process.exit(1);
}
