import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode } from '@opentelemetry/core';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from 'pino';
import { commandTracer, queryTracer, refusalTracer, requestTracer } from './trace-requests.js';
import type { TracingConfig } from './tracing-config.js';
import type { Tracing } from './tracing-interface.js';

function samplerOf({ name, ratio }: TracingConfig['sampler']): Sampler {
  const root = name.endsWith('always_off')
    ? new AlwaysOffSampler()
    : name.endsWith('traceidratio')
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** The SDK's OTLP/HTTP exporter for the protocol; each reads its endpoint, headers and timeout from OTEL_*. */
async function exporterFor(protocol: TracingConfig['protocol']): Promise<SpanExporter> {
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

/**
 * The exporter, with its failures told once: a collector that is down would otherwise be silent (the SDK reports
 * through its own diagnostics logger, which the store does not set) or, logged per batch, flood the log. The
 * batch processor's bounded queue already makes an absent collector cost only the spans it drops.
 */
function failuresToldOnce(exporter: SpanExporter, logger: Logger): SpanExporter {
  let failing = false;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS && !failing) {
          failing = true;
          logger.warn(
            { reason: result.error?.message },
            'traces cannot be sent to the collector; spans are dropped until it answers',
          );
        } else if (result.code === ExportResultCode.SUCCESS && failing) {
          failing = false;
          logger.info('traces reach the collector again');
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/**
 * The OpenTelemetry SDK for one serving process (each cluster worker exports its own spans): a tracer provider
 * with the configured sampler and batch settings, the resource from OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES, and AsyncLocalStorage carrying the request's span to the database calls it makes.
 * No propagator is registered globally: the store reads a caller's `traceparent` and sends it on nothing.
 */
export async function startTracing(config: TracingConfig, logger: Logger): Promise<Tracing> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'animal-store', 'process.pid': process.pid }))
    .merge(detectResources({ detectors: [envDetector] }));
  const exporter = failuresToldOnce(await exporterFor(config.protocol), logger);
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(config.sampler),
    spanProcessors: [new BatchSpanProcessor({ exporter, ...config.batch })],
  });
  const tracer = provider.getTracer('@animal-store/server');
  const requests = requestTracer(tracer);
  return {
    traceRequests: requests.step,
    idsOf: requests.idsOf,
    traceQuery: queryTracer(tracer),
    traceCommand: commandTracer(tracer),
    traceRefusal: refusalTracer(tracer),
    async shutdown() {
      // A collector that cannot take the last spans has been told of once already: the stop goes on.
      await provider.shutdown().catch(() => undefined);
      context.disable();
      trace.disable();
    },
  };
}
