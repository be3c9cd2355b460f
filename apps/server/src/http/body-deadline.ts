import type { IncomingMessage, ServerResponse } from 'node:http';
import { endWith, REQUEST_TIMEOUT } from './node-refusals.js';

/**
 * Node's `requestTimeout` stops watching a request once its headers are read and it is handed to the app, so a
 * client that trickles a body would hold its connection, and a place under `MAX_CONNECTIONS`, for as long as it
 * liked. A request with a body must have sent all of it within `requestTimeoutMs`: otherwise it gets
 * `408 request_timeout` (when nothing was answered yet) and its connection is closed, also when an answer (a 401,
 * a 413) already went out before the body arrived.
 */
export function enforceBodyDeadline(
  requestTimeoutMs: number,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // Only requests that announce a body: a timer per read would cost every request for nothing.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) req.socket.end(() => req.socket.destroy());
      else endWith(req.socket, REQUEST_TIMEOUT);
    }, requestTimeoutMs);
    // 'end' once the body is read (by the app, or discarded by Node after the answer); 'close' if the client left.
    const settled = () => clearTimeout(timer);
    req.once('end', settled);
    req.once('close', settled);
  };
}
