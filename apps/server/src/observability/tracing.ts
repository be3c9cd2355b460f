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
import type { TracingConfig } from '../config/tracing-config.js';
import { commandTracer, queryTracer, refusalTracer, requestTracer } from './trace-requests.js';
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
 * How long an export may go unanswered before the log says spans are being dropped. The OTLP exporter retries a
 * refused or failed send for up to its whole timeout (10 s by default) before it reports a failure: waiting for
 * that report would tell of a collector that is down only seconds after its first failed send.
 */
const UNANSWERED_EXPORT_MS = 1000;

/**
 * How long a stop waits for the last spans to reach the collector (the exporter's forceFlush and shutdown):
 * within the stop's second after its drain. A collector that accepts connections and never answers would
 * otherwise hold the stop up for the exporter's own timeout; what is still unsent then is dropped, and said so.
 */
const EXPORT_AT_STOP_MS = 500;

/**
 * The exporter, with its failures told once: a collector that is down would otherwise be silent (the SDK reports
 * through its own diagnostics logger, which the store does not set) or, logged per batch, flood the log. An export
 * still unanswered after UNANSWERED_EXPORT_MS counts as failed for the warning. The batch processor's bounded
 * queue already makes an absent collector cost only the spans it drops.
 */
function failuresToldOnce(exporter: SpanExporter, logger: Logger): SpanExporter {
  let failing = false;
  const warn = (reason: string | undefined) => {
    if (failing) return;
    failing = true;
    logger.warn({ reason }, 'traces cannot be sent to the collector; spans are dropped until it answers');
  };
  return {
    export(spans, done) {
      const unanswered = setTimeout(
        () => warn(`no answer within ${UNANSWERED_EXPORT_MS} ms`),
        UNANSWERED_EXPORT_MS,
      ).unref();
      exporter.export(spans, (result) => {
        clearTimeout(unanswered);
        if (result.code !== ExportResultCode.SUCCESS) warn(result.error?.message);
        else if (failing) {
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

/** Resolves with whether `work` ended within `ms`; it is left to end (or not) on its own. */
function endedWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms).unref();
  });
  const ended = work.then(
    () => true,
    () => true,
  );
  return Promise.race([ended, late]).finally(() => clearTimeout(timer));
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
      // A collector that fails to take the last spans has been told of once already: the stop goes on. One that
      // does not answer at all is given EXPORT_AT_STOP_MS.
      if (!(await endedWithin(provider.shutdown(), EXPORT_AT_STOP_MS))) {
        logger.warn(
          `traces not sent within ${EXPORT_AT_STOP_MS} ms of the stop are dropped: the collector did not answer`,
        );
      }
      context.disable();
      trace.disable();
    },
  };
}
