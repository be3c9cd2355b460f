import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from '../config/config.js';
import { createMetrics, type Metrics } from './metrics.js';
import { shareWithClusterPrimary, startMetricsListener } from './metrics-listener.js';

/** A serving process's metrics, and how to stop serving them. */
export interface ServedMetrics {
  metrics: Metrics;
  close(): Promise<void>;
}

/**
 * The metrics of a serving process when METRICS_PORT is set: served by its own listener, or, in a cluster worker,
 * handed to the primary, which serves every worker's numbers summed.
 */
export async function metricsOfServingProcess(
  config: Pick<Config, 'metrics'>,
  logger: Logger,
): Promise<ServedMetrics | undefined> {
  if (!config.metrics) return undefined;
  const metrics = createMetrics();
  if (cluster.isWorker) {
    shareWithClusterPrimary(metrics.registry);
    return { metrics, close: async () => {} };
  }
  const listener = await startMetricsListener(config.metrics, { registry: metrics.registry }, logger);
  return {
    metrics,
    close: () => new Promise((resolve) => listener.close(() => resolve())),
  };
}

/** In the cluster primary: serves the sum of all workers' metrics. */
export async function serveWorkersMetrics(config: Pick<Config, 'metrics'>, logger: Logger): Promise<void> {
  if (config.metrics)
    await startMetricsListener(config.metrics, { aggregator: new AggregatorRegistry() }, logger);
}
