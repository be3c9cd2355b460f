import { connect } from 'node:net';

/** One response read off a raw socket: the shape `see` gives, plus every header by its lower-case name. */
export interface RawResponse {
  status: number;
  contentType: string | null;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Writes `bytes` to the server in one go, as a pipelining client does, and reads every response until the server
 * closes the connection (or `waitMs` passes: a server that never answers yields what it sent so far).
 */
export function exchangeRaw(port: number, bytes: string, waitMs = 5000): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponses(Buffer.concat(chunks)));
    });
    socket.write(bytes);
  });
}

/** Consecutive HTTP/1.1 responses, each framed by Content-Length (the store always sends one). */
function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', offset);
    if (headEnd < 0) throw new Error(`An incomplete response: ${raw.subarray(offset).toString()}`);
    const [statusLine = '', ...lines] = raw.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const text = raw.subarray(headEnd + 4, headEnd + 4 + length).toString();
    const contentType = headers['content-type'] ?? null;
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      contentType,
      body: contentType?.startsWith('application/json') ? JSON.parse(text) : text,
      headers,
    });
    offset = headEnd + 4 + length;
  }
  return responses;
}

/** A request as raw HTTP/1.1 bytes; `body` is sent as JSON with its length. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): string {
  const text = body === undefined ? '' : JSON.stringify(body);
  const lines = Object.entries({
    ...headers,
    ...(body === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n${text}`;
}
