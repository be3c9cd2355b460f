import type { Logger } from 'pino';
import type { TracingConfig } from '../config/tracing-config.js';
import type { Tracing } from './tracing-interface.js';

/**
 * Starts tracing when an OTLP endpoint is configured. The SDK is imported here, and only here, so that a store
 * without one loads and runs nothing of OpenTelemetry (observability/tracing-switch.test.ts).
 */
export async function startTracingIfConfigured(
  config: TracingConfig | undefined,
  logger: Logger,
): Promise<Tracing | undefined> {
  if (config === undefined) return undefined;
  const { startTracing } = await import('./tracing.js');
  return startTracing(config, logger);
}
