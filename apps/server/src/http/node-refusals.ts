import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorCode, inKiB, MAX_HEADER_BYTES } from '@animal-store/contract';
import { errorBody } from './api-error.js';

/**
 * The requests Node itself refuses, before Express sees them, answered with the store's Error body rather than
 * Node's empty one; and, on a pipelined connection, only after the responses to the requests read before them.
 */

interface Refusal {
  code: ErrorCode;
  message: string;
}

/**
 * Told of each refusal made before the app, with the little known of its request (a span, with tracing on): the
 * Error code and status it was answered with, the method when the request was read, Node's error code when not
 * (its parser's, or its headers timeout's).
 */
export type RefusalTracer = (
  answer: { code: ErrorCode; status: number },
  known: { method?: string; nodeError?: string },
) => void;

/** The refusal told to the tracer, when there is one: the status its Error code is answered with. */
function tell(
  traceRefusal: RefusalTracer | undefined,
  { code }: Refusal,
  known: Parameters<RefusalTracer>[1],
) {
  traceRefusal?.({ code, status: ERROR_CODES[code].status }, known);
}

const NOT_HTTP: Refusal = { code: 'bad_request', message: 'The request is not valid HTTP.' };
const BAD_VERSION: Refusal = { code: 'bad_request', message: 'The HTTP version must be 1.0 or 1.1.' };
const NO_HOST: Refusal = { code: 'bad_request', message: 'An HTTP/1.1 request must carry a Host header.' };
const CONNECT: Refusal = {
  code: 'bad_request',
  message: 'CONNECT is not supported: the store is not a proxy.',
};
const UNMET_EXPECTATION: Refusal = {
  code: 'expectation_failed',
  message: 'The only expectation the store meets is Expect: 100-continue.',
};

/** What Node's parser errors mean to a client; any other is NOT_HTTP. */
const PARSER_ERRORS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: `The request headers are larger than ${inKiB(MAX_HEADER_BYTES)}.`,
  },
  HPE_INVALID_VERSION: BAD_VERSION,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    code: 'payload_too_large',
    message: 'The chunk extensions of the request body are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request was not received in time.' },
};

export const REQUEST_TIMEOUT = PARSER_ERRORS.ERR_HTTP_REQUEST_TIMEOUT as Refusal;

function errorJson({ code, message }: Refusal) {
  const body = errorBody(code, message);
  return { status: body.status, json: JSON.stringify(body) };
}

/** A refusal on a response Node created: it still goes out in the order of the requests, then the socket closes. */
function refuse(res: ServerResponse, refusal: Refusal): void {
  const { status, json } = errorJson(refusal);
  res.writeHead(status, {
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    Connection: 'close',
  });
  res.end(json);
}

/**
 * Whether a response waits for its request's body: nothing of it is sent and the body has not fully arrived. The
 * refusal on its socket is then about that body (malformed, or too slow), and it is the refusal that answers it.
 */
function awaitsItsBody(response: ServerResponse): boolean {
  return !response.headersSent && !response.req.complete;
}

/**
 * Runs `then` once the responses to every request already read on `socket` are sent. Node lends a socket to one
 * pipelined response at a time, as `_httpMessage`, and to the next one as soon as that one finishes, before its
 * 'close' event: waiting for each in turn keeps the refusal after all of them. A response still waiting for its
 * body would wait forever, so the refusal goes out in its place.
 */
function afterResponsesInFlight(socket: Duplex, then: () => void): void {
  if (socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && !awaitsItsBody(inFlight))
    inFlight.once('close', () => afterResponsesInFlight(socket, then));
  else then();
}

/** Sockets already being refused: a parser that failed fails again on every further byte. */
const refusing = new WeakSet<Duplex>();

/**
 * A refusal written on the socket itself, where Node created no response (the request could not be read) or the
 * response cannot be used (its request's body broke off). The app may still be working on that request; what it
 * writes later goes to a closed socket and is dropped. False when the socket was being refused already.
 */
export function endWith(socket: Duplex, refusal: Refusal): boolean {
  if (refusing.has(socket)) return false;
  refusing.add(socket);
  afterResponsesInFlight(socket, () => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { status, json } = errorJson(refusal);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nCache-Control: no-store\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
  return true;
}

/** The refusal a parser error is answered with; undefined when there is no one left to answer. */
function answerClientError(error: Error & { code?: string }, socket: Socket): Refusal | undefined {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return undefined;
  }
  const refusal = PARSER_ERRORS[error.code ?? ''] ?? NOT_HTTP;
  return endWith(socket, refusal) ? refusal : undefined;
}

/**
 * The request listener around the app: it refuses what Node would refuse with an empty body (HTTP/1.1 without
 * Host, with `requireHostHeader` off) and what Node would serve though it is not HTTP/1.x (`HTTP/2.0` or `HTTP/0.9`
 * written as HTTP/1 text).
 */
export function refuseUnservableRequests(
  app: RequestListener,
  traceRefusal?: RefusalTracer,
): RequestListener {
  const refuseTold = (res: ServerResponse, refusal: Refusal) => {
    tell(traceRefusal, refusal, { method: res.req.method });
    refuse(res, refusal);
  };
  return (req, res) => {
    if (req.httpVersionMajor !== 1) refuseTold(res, BAD_VERSION);
    else if (req.headers.host === undefined && req.httpVersionMinor === 1) refuseTold(res, NO_HOST);
    else app(req, res);
  };
}

/** Node's own refusals (unreadable requests, unmet expectations, CONNECT) as Error bodies, each told to the tracer. */
export function answerNodeRefusalsWithErrors(server: Server, traceRefusal?: RefusalTracer): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    const refusal = answerClientError(error, socket);
    if (refusal) tell(traceRefusal, refusal, { nodeError: error.code });
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    tell(traceRefusal, UNMET_EXPECTATION, { method: req.method });
    refuse(res, UNMET_EXPECTATION);
  });
  server.on('connect', (_req, socket: Duplex) => {
    if (endWith(socket, CONNECT)) tell(traceRefusal, CONNECT, { method: 'CONNECT' });
  });
}
