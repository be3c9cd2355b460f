import { createServer, type Server } from 'node:http';

/** What the sink has read: whole exports, and their bytes. */
export interface Received {
  exports: number;
  bytes: number;
}

/**
 * The OTLP/HTTP receiver the "store + tracing" contender exports to, as small as a receiver can be: it reads each
 * `POST /v1/traces` to its end and answers 200 with an empty body (an empty ExportTraceServiceResponse, in
 * protobuf and JSON alike), keeping nothing but counts, which `GET /received` reports. The bench measures what
 * tracing costs the store, not what a collector does with the spans.
 */
export function traceSinkServer(): { server: Server; received: Received } {
  const received: Received = { exports: 0, bytes: 0 };
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/traces') {
      req.on('data', (chunk: Buffer) => {
        received.bytes += chunk.length;
      });
      req.on('end', () => {
        received.exports += 1;
        res.writeHead(200, { 'content-length': 0 }).end();
      });
      return;
    }
    req.resume();
    if (req.method === 'GET' && req.url === '/received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    res.writeHead(404, { 'content-length': 0 }).end();
  });
  return { server, received };
}
