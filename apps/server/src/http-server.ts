import { createServer, type Server, type ServerOptions } from 'node:http';
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
 * The HTTP server around the app, with the limits that protect it from slow or abusive clients. `classes`: what
 * Node creates requests and responses from (main.ts passes the tuning's `bornWithAppPrototypes`).
 */
export function createHttpServer(
  app: Express,
  limits: ServerLimits,
  classes: Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> = {},
): Server {
  const server = createServer(
    {
      ...classes,
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
