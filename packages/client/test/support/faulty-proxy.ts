import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';

/** An answer the proxy gives itself. */
export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * What the proxy does with one request: pass it on, pass it on and then cut the connection before the answer
 * reaches the client (the store acted, the client never hears), pass it on and then give its own answer instead of
 * the store's (the store acted, the client hears a failure, as when the store's database connection drops after a
 * commit), or answer itself without passing it on, as a failing gateway would.
 */
export type ProxyStep = 'forward' | 'drop-answer' | { afterForwarding: ProxyAnswer } | ProxyAnswer;

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FaultyProxy {
  /** The proxy's address for the store's API, ending in /v1. */
  baseUrl: string;
  /** Every request the proxy received, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** Headers of one connection, not of the message: the proxy's own connections carry their own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/**
 * A real HTTP proxy in front of the store at `storeBaseUrl` that takes `steps` for the first requests, in order,
 * and forwards every request after them.
 */
export async function startFaultyProxy(storeBaseUrl: string, steps: ProxyStep[]): Promise<FaultyProxy> {
  const store = new URL(storeBaseUrl);
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const step = steps[seen.length - 1] ?? 'forward';
    if (typeof step === 'object' && !('afterForwarding' in step)) {
      res.writeHead(step.status, step.headers).end(step.body);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(new URL(req.url ?? '/', store.origin), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        HOP_BY_HOP.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (step === 'drop-answer') {
      res.socket?.destroy();
      return;
    }
    if (typeof step === 'object') {
      res.writeHead(step.afterForwarding.status, step.afterForwarding.headers).end(step.afterForwarding.body);
      return;
    }
    const headers = [...answer.headers].filter(
      ([name]) => !HOP_BY_HOP.has(name) && name !== 'content-encoding',
    );
    res.writeHead(answer.status, Object.fromEntries(headers)).end(body);
  });
  await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${portOf(server)}${store.pathname}`,
    seen,
    close: () => closeServer(server),
  };
}

/**
 * A server that reads requests and never answers: a store that hangs, or a black-holed route. It counts the
 * requests, not the connections: fetch may open a spare connection it never sends on.
 */
export async function startSilentServer(): Promise<{
  baseUrl: string;
  requests: number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const silent = {
    baseUrl: '',
    requests: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk: Buffer) => {
      if (REQUEST_LINE.test(chunk.toString('latin1'))) silent.requests++;
    });
  });
  await listen(server);
  silent.baseUrl = `http://127.0.0.1:${portOf(server)}/v1`;
  return silent;
}

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.1\r\n/;

/** A base URL on which nothing listens: a port taken from the system, then given back. */
export async function closedPortBaseUrl(): Promise<string> {
  const server = createTcpServer();
  await listen(server);
  const port = portOf(server);
  await closeServer(server);
  return `http://127.0.0.1:${port}/v1`;
}

type Listener = Server | ReturnType<typeof createTcpServer>;

const listen = (server: Listener) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

const portOf = (server: Listener) => (server.address() as { port: number }).port;

const closeServer = (server: Listener) =>
  new Promise<void>((resolve, reject) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
