import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostForUrl } from '@animal-store/contract';
import type { Logger } from 'pino';
import { AggregatorRegistry, type PrometheusContentType, type Registry } from 'prom-client';
import { listen } from '../listen.js';

export interface MetricsListenerConfig {
  port: number;
  host: string;
}

/** Where the numbers come from: this process's registry, or every cluster worker's through the primary. */
export type MetricsSource =
  | { registry: Registry }
  | { aggregator: AggregatorRegistry<PrometheusContentType> };

async function render(source: MetricsSource): Promise<{ contentType: string; body: string }> {
  if ('registry' in source)
    return { contentType: source.registry.contentType, body: await source.registry.metrics() };
  return { contentType: source.aggregator.contentType, body: await source.aggregator.clusterMetrics() };
}

/**
 * A listener of its own for Prometheus, apart from the API's port: only GET /metrics, in the text format. It is
 * meant for a private address (METRICS_HOST defaults to 127.0.0.1): the numbers name API key ids.
 */
export async function startMetricsListener(
  config: MetricsListenerConfig,
  source: MetricsSource,
  logger: Logger,
): Promise<Server> {
  const server = createServer((req, res) => {
    const known = (req.url ?? '').split('?')[0] === '/metrics';
    if (!known || (req.method !== 'GET' && req.method !== 'HEAD')) {
      // As the store's own pages: a known path with another method is 405 with what it takes, anything else 404.
      const headers = { 'content-type': 'text/plain; charset=utf-8', ...(known && { allow: 'GET, HEAD' }) };
      res.writeHead(known ? 405 : 404, headers).end('Only GET /metrics is served here.\n');
      return;
    }
    render(source).then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (error) => {
        logger.warn({ err: error }, 'metrics could not be collected');
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics are unavailable.\n');
      },
    );
  });
  await listen(server, config.host, config.port, { host: 'METRICS_HOST', port: 'METRICS_PORT' });
  const { port } = server.address() as AddressInfo;
  logger.info({ metrics: `http://${hostForUrl(config.host)}:${port}/metrics` }, 'metrics listening');
  return server.unref();
}

/** In a cluster worker: answers the primary's requests for this worker's numbers from `registry`. */
export function shareWithClusterPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // prom-client starts answering the primary when the first AggregatorRegistry of the process is built.
  new AggregatorRegistry();
}
