import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The Authorization header as the store behind the proxy received it; undefined when there was none. */
  authorization: string | undefined;
}

/** An answer the proxy gives in the store's place, e.g. the 503 of a store that is busy for a moment. */
export interface StandInAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RecordingProxy {
  /** Where the browser is sent instead of the store, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** Every request passed on so far, in order. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of `target` (an origin, which need not listen yet) that records
 * what each request brings, so that a test can say what a store received, not only what the page meant to send.
 * Requests and answers pass unchanged, the Host header included, except those `standIn` answers itself.
 */
export async function startRecordingProxy(
  target: string,
  standIn: (request: ProxiedRequest) => StandInAnswer | undefined = () => undefined,
): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target);
  const requests: ProxiedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const received = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      authorization: incoming.headers.authorization,
    };
    requests.push(received);
    const answer = standIn(received);
    if (answer) {
      incoming.resume();
      outgoing.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const upstream = request(
      { hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
