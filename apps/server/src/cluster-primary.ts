import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { relayKeyChangesToWorkers } from './keys/key-changes-across-workers.js';
import { keepCountersForWorkers } from './limits/cluster-counter-store.js';
import { WorkerRestarts } from './worker-restarts.js';

/**
 * With WORKERS > 1 the primary process only supervises: it forks the workers (which share the listening port
 * through Node's cluster module), replaces one that dies, and on SIGTERM/SIGINT passes the signal on and exits
 * once every worker has finished its in-flight requests. It also keeps the rate-limit counters the workers share,
 * so that one instance spends one budget per key whatever the number of workers, and relays a key revoked on one
 * worker to the others before that worker answers. A worker that exits before any
 * worker ever listened failed at start-up and would fail again: then the primary stops every worker and exits with 1.
 */
export function superviseWorkers(count: number, logger: Logger): void {
  let stopping = false;
  let exitCode = 0;
  const startedAt = new Map<Worker, number>();
  const restarts = new WorkerRestarts();
  const fork = () => {
    if (!stopping) startedAt.set(cluster.fork(), Date.now());
  };
  let anyListened = false;
  cluster.on('listening', () => {
    anyListened = true;
  });

  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && !anyListened) {
      // The first start failed (its own sentence is on stderr, e.g. the port is in use): another would fail alike.
      // A replacement that dies before it listens is only restarted, after a growing delay (WorkerRestarts).
      logger.error({ pid: worker.process.pid, code, signal }, 'a worker could not start; stopping');
      exitCode = 1;
      stop('SIGTERM');
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('all workers stopped');
        process.exit(exitCode);
      }
      return;
    }
    const delayMs = restarts.delayAfterDeath(Date.now() - (startedAt.get(worker) ?? 0));
    startedAt.delete(worker);
    logger.error({ pid: worker.process.pid, code, signal, delayMs }, 'worker died; starting another');
    setTimeout(fork, delayMs);
  });

  keepCountersForWorkers();
  relayKeyChangesToWorkers();
  for (let index = 0; index < count; index++) fork();
  logger.info({ workers: count }, 'supervising workers');

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
