import { z } from 'zod';

/** The OpenTelemetry SDK's samplers, by the names `OTEL_TRACES_SAMPLER` takes. */
const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export interface TracingConfig {
  /** `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` or `OTEL_EXPORTER_OTLP_PROTOCOL`: how spans are sent. */
  protocol: 'http/protobuf' | 'http/json';
  sampler: { name: (typeof SAMPLERS)[number]; ratio: number };
  /** The batch span processor's `OTEL_BSP_*` settings; unset ones keep the SDK's defaults. */
  batch: {
    scheduledDelayMillis?: number;
    exportTimeoutMillis?: number;
    maxQueueSize?: number;
    maxExportBatchSize?: number;
  };
}

const millis = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0);
const count = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1);
const protocol = z.enum(['http/protobuf', 'http/json']).optional();

/**
 * The standard OpenTelemetry variables the store itself acts on. The SDK's parts read the rest where they are
 * made (the exporter its endpoint, headers and timeout; the resource OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES): those are the SDK's own names and rules, and restating them here would only let
 * the two drift apart.
 */
export const tracingEnvFields = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'must be a ratio from 0 to 1' })
    .min(0, 'must be a ratio from 0 to 1')
    .max(1, 'must be a ratio from 0 to 1')
    .default(1),
  OTEL_BSP_SCHEDULE_DELAY: millis.optional(),
  OTEL_BSP_EXPORT_TIMEOUT: millis.optional(),
  OTEL_BSP_MAX_QUEUE_SIZE: count.optional(),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: count.optional(),
};

type TracingEnv = z.infer<z.ZodObject<typeof tracingEnvFields>>;

/** Tracing is on when an OTLP endpoint is named, as in every OpenTelemetry SDK; undefined: off. */
export function tracingConfigOf(env: TracingEnv): TracingConfig | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  const batch: TracingConfig['batch'] = {};
  if (env.OTEL_BSP_SCHEDULE_DELAY !== undefined) batch.scheduledDelayMillis = env.OTEL_BSP_SCHEDULE_DELAY;
  if (env.OTEL_BSP_EXPORT_TIMEOUT !== undefined) batch.exportTimeoutMillis = env.OTEL_BSP_EXPORT_TIMEOUT;
  if (env.OTEL_BSP_MAX_QUEUE_SIZE !== undefined) batch.maxQueueSize = env.OTEL_BSP_MAX_QUEUE_SIZE;
  if (env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE !== undefined)
    batch.maxExportBatchSize = env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE;
  return {
    protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    sampler: { name: env.OTEL_TRACES_SAMPLER, ratio: env.OTEL_TRACES_SAMPLER_ARG },
    batch,
  };
}
