import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiError, ERROR_CODES, type ErrorCode } from '@animal-store/contract';
import type { Express } from 'express';

export interface ServerLimits {
  /** Whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** Headers must arrive within this: the defence against slow-loris clients. */
  headersTimeoutMs: number;
  /** Connections beyond this are refused, so that one instance degrades instead of falling over. */
  maxConnections: number;
}

/** Node's own answers to unreadable requests, as the store's Error body instead of an empty response. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', message: 'The request headers are larger than 16 KiB.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request was not received in time.' },
};
const UNREADABLE = { code: 'bad_request', message: 'The request is not valid HTTP.' } as const;

function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { code, message } = CLIENT_ERRORS[error.code ?? ''] ?? UNREADABLE;
  const body: ApiError = { code, message, status: ERROR_CODES[code].status };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${body.status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/**
 * A constructor of Node's `base` whose instances are born with `prototype` (the app's request or response).
 * Express gives every request and response the app's prototypes with `Object.setPrototypeOf`, which makes V8
 * migrate both objects to new shapes and miss its property caches on them for the rest of the request; an object
 * that already has the prototype is left as it is (expressjs/express#5998, docs/performance.md). `base` runs as a
 * plain function on the new object, as Node's own constructors are written: `Reflect.construct` with another
 * `new.target` would make V8 build the object's shape anew for every request.
 */
function bornWith<Base extends typeof IncomingMessage | typeof ServerResponse>(
  base: Base,
  prototype: object,
): Base {
  function Born(this: object, ...args: unknown[]) {
    Reflect.apply(base, this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as Base;
}

/** Options for `http.createServer`: requests and responses born with the app's prototypes (decision 009). */
export function bornWithAppPrototypes(app: Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  return {
    IncomingMessage: bornWith(IncomingMessage, app.request),
    ServerResponse: bornWith(ServerResponse, app.response),
  };
}

/** The HTTP server around the app, with the limits that protect it from slow or abusive clients. */
export function createHttpServer(app: Express, limits: ServerLimits): Server {
  const server = createServer(
    {
      ...bornWithAppPrototypes(app),
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      maxHeaderSize: 16 * 1024,
      // Node checks the timeouts above on this interval; its default of 30 s would let slow clients linger.
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    app,
  );
  server.maxConnections = limits.maxConnections;
  server.on('clientError', answerClientError);
  return server;
}
