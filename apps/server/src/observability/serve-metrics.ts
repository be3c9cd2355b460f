import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from '../config.js';
import { createStoreMetrics, type StoreMetrics } from './metrics.js';
import { shareWithClusterPrimary, startMetricsListener } from './metrics-listener.js';

/**
 * The metrics of a serving process when METRICS_PORT is set: served by its own listener, or, in a cluster worker,
 * handed to the primary, which serves every worker's numbers summed.
 */
export async function metricsOfServingProcess(
  config: Pick<Config, 'metrics'>,
  logger: Logger,
): Promise<StoreMetrics | undefined> {
  if (!config.metrics) return undefined;
  const metrics = createStoreMetrics();
  if (cluster.isWorker) shareWithClusterPrimary(metrics.registry);
  else await startMetricsListener(config.metrics, { registry: metrics.registry }, logger);
  return metrics;
}

/** In the cluster primary: serves the sum of all workers' metrics. */
export async function serveWorkersMetrics(config: Pick<Config, 'metrics'>, logger: Logger): Promise<void> {
  if (config.metrics)
    await startMetricsListener(config.metrics, { aggregator: new AggregatorRegistry() }, logger);
}
