import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { baselineEnv } from './baseline-env.js';
import { parseListQuery, parseNewPet, parsePetId } from './request-parsing.js';
import { stopOnSignals } from './stop-on-signals.js';

/**
 * Baseline (a), the ceiling of the platform: node:http and the database driver, nothing else. Bare on purpose:
 * no authentication, no logging, no security headers, no Link header, no ETag or 304; the store's extra work is what
 * the ratio shows.
 */
const { port, queries } = baselineEnv(process.env);

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path === '/v1/pets' && req.method === 'GET') {
    const query = parseListQuery(new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)));
    if (!query) return send(res, 400, { code: 'invalid_request', message: 'bad query', status: 400 });
    return send(res, 200, await queries.list(query.limit, query.status, 0));
  }
  if (path === '/v1/pets' && req.method === 'POST') {
    const newPet = parseNewPet(await readJson(req));
    if (!newPet) return send(res, 400, { code: 'invalid_request', message: 'bad body', status: 400 });
    return send(res, 201, await queries.create(newPet));
  }
  if (path.startsWith('/v1/pets/') && req.method === 'GET') {
    const id = parsePetId(path.slice('/v1/pets/'.length));
    const pet = id === undefined ? undefined : await queries.get(id);
    if (!pet) return send(res, 404, { code: 'pet_not_found', message: 'no such animal', status: 404 });
    return send(res, 200, pet);
  }
  send(res, 404, { code: 'route_not_found', message: 'no such route', status: 404 });
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => send(res, 500, { code: 'internal_error', message: 'failed', status: 500 }));
});
server.listen(port, '127.0.0.1');
stopOnSignals(server, queries);
