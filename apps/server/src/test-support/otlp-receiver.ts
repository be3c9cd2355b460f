import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type KeyValues = { key: string; value: AnyValue }[];
type Attributes = Record<string, string | number | boolean | undefined>;

/** One exported span as a test reads it: OTLP/JSON's attribute lists made objects. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  /** The span's own W3C `tracestate`, when it has one. */
  traceState: string | undefined;
  /** The spans it links to (a caller's, when its trace context was not taken), each with its `tracestate`. */
  links: { traceId: string; spanId: string; traceState: string | undefined }[];
  name: string;
  kind: number;
  attributes: Attributes;
  events: { name: string; attributes: Attributes }[];
  resource: Attributes;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: KeyValues };
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, 'attributes' | 'events' | 'resource' | 'links'> & {
        links?: { traceId: string; spanId: string; traceState?: string }[];
        attributes?: KeyValues;
        events?: { name: string; attributes?: KeyValues }[];
      })[];
    }[];
  }[];
}

const plainValue = (value: AnyValue) =>
  value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue));

const objectOf = (attributes: KeyValues = []): Attributes =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plainValue(value)]));

/**
 * A real OTLP/HTTP receiver for tests, as a collector would be: POST /v1/traces with OTLP/JSON bodies. It keeps
 * every payload as received (to search for what must never be sent) and the spans read from them.
 */
export async function startOtlpReceiver() {
  const payloads: string[] = [];
  const contentTypes: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      contentTypes.push(req.headers['content-type'] ?? '');
      payloads.push(Buffer.concat(chunks).toString());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const spans = (): ReceivedSpan[] =>
    payloads.flatMap((payload) =>
      ((JSON.parse(payload) as OtlpJson).resourceSpans ?? []).flatMap(({ resource, scopeSpans }) =>
        (scopeSpans ?? []).flatMap(({ spans: list }) =>
          (list ?? []).map((span) => ({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            traceState: span.traceState || undefined,
            links: (span.links ?? []).map((link) => ({
              traceId: link.traceId,
              spanId: link.spanId,
              traceState: link.traceState || undefined,
            })),
            name: span.name,
            kind: span.kind,
            attributes: objectOf(span.attributes),
            events: (span.events ?? []).map((event) => ({
              name: event.name,
              attributes: objectOf(event.attributes),
            })),
            resource: objectOf(resource?.attributes),
          })),
        ),
      ),
    );
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    payloads,
    contentTypes,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
