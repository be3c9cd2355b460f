import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  contract,
  ListPetsQuerySchema,
  MAX_BODY_BYTES,
  NewPetSchema,
  PetIdPathSchema,
} from '@animal-store/contract';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { MemoryStore, rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import type { ZodError } from 'zod';
import {
  API_HELMET_OPTIONS,
  BEARER_CHALLENGE,
  CACHE_CONTROL,
  DEPRECATION_HEADERS,
  decodeCursor,
  errorBody,
  INVALID_CURSOR,
  KEY_REFUSED,
  noSuchAnimal,
  PETS_PATH,
  pageOf,
  rateLimited,
} from './peer-answers.js';
import { CATALOGUE_CACHE_CONTROL, etagOf, namesTag } from './peer-conditional.js';
import { bearerKeyCheck } from './peer-keys.js';
import type { PeerOptions } from './peer-options.js';

const validationFailed = (res: Response, where: string, error: ZodError) => {
  const message = error.issues
    .map((issue) => `${where} '${issue.path.join('.')}': ${issue.message}`)
    .join('; ');
  res.status(400).json(errorBody('validation_failed', message));
};

/** The body parser's refusals, by its error types, as the store's Error codes. */
const bodyParserError: ErrorRequestHandler = (error, req, res, _next) => {
  const { type, status } = error as { type?: string; status?: number };
  if (type === 'entity.parse.failed') {
    return void res.status(400).json(errorBody('malformed_json', 'The request body is not valid JSON.'));
  }
  if (status === 413) {
    return void res.status(413).json(errorBody('payload_too_large', 'The request body is too large.'));
  }
  req.log.error({ err: error }, 'request failed');
  res.status(500).json(errorBody('internal_error', `The request ${req.id} failed.`));
};

/**
 * Peer (e): the store's three operations with the store's per-request features, as a careful team writes them with
 * Express 5 and its stock middleware: pino-http (one line per request, with the request id), helmet,
 * express-rate-limit per API key with its headers, a bearer-key middleware that checks the key's digest against the
 * keys table, validation by the contract's Zod schemas, keyset paging with a `Link` header, the deprecation headers,
 * the Error body, and the catalogue's ETag with its 304, which gives its count back to the limiter.
 */
export function expressStockPeer({ queries, rateLimitPerMinute, logStream }: PeerOptions): Express {
  const app = express();
  // Express's own tags (weak, on every answer) are not the store's: the catalogue's 200s are tagged below.
  app.set('etag', false);
  const checkKey = bearerKeyCheck((digest) => queries.findApiKey(digest));

  const authenticate: RequestHandler = async (req, res, next) => {
    const keyId = await checkKey(req.headers.authorization);
    if (keyId === undefined) {
      res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
      return void res.status(401).json(errorBody('unauthorized', KEY_REFUSED));
    }
    res.locals.apiKeyId = keyId;
    next();
  };
  // The limiter's counts, kept where a 304 can give its count back as the store does: skipSuccessfulRequests would
  // give it back only once the answer is sent, with a RateLimit header that still counts it.
  const counts = new MemoryStore();
  const limitPerKey = rateLimit({
    store: counts,
    windowMs: 60_000,
    limit: rateLimitPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (_req, res) => res.locals.apiKeyId as string,
    handler: (_req, res) => res.status(429).json(errorBody('rate_limited', rateLimited(rateLimitPerMinute))),
  });
  const authenticated = [authenticate, limitPerKey];
  /** A catalogue answer, tagged: 304 without a body when the client holds it, which then does not count. */
  const sendCatalogue = (req: Request, res: Response, body: unknown, link?: string) => {
    const json = JSON.stringify(body);
    const etag = etagOf(json);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', CATALOGUE_CACHE_CONTROL);
    if (namesTag(req.headers['if-none-match'], etag)) {
      void counts.decrement(res.locals.apiKeyId as string);
      const counted = String(res.getHeader('RateLimit'));
      res.setHeader(
        'RateLimit',
        counted.replace(/remaining=(\d+)/, (_, left) => `remaining=${Number(left) + 1}`),
      );
      return void res.status(304).end();
    }
    if (link !== undefined) res.setHeader('Link', link);
    res.type('json').send(json);
  };
  const deprecated: RequestHandler = (_req, res, next) => {
    res.set(DEPRECATION_HEADERS);
    next();
  };

  app.use(
    pinoHttp({
      logger: pino(logStream),
      genReqId: (_req, res: ServerResponse) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // The request's own fields, never its headers: they carry the API key.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(helmet(API_HELMET_OPTIONS), (_req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    next();
  });

  app.get(PETS_PATH, ...authenticated, async (req, res) => {
    const query = ListPetsQuerySchema.safeParse(req.query);
    if (!query.success) return validationFailed(res, 'query parameter', query.error);
    const { limit, status, cursor } = query.data;
    const afterId = cursor === undefined ? 0 : decodeCursor(cursor);
    if (afterId === undefined) return void res.status(400).json(errorBody('invalid_cursor', INVALID_CURSOR));
    const page = pageOf(await queries.list(limit + 1, status, afterId), { limit, status });
    sendCatalogue(req, res, page.pets, page.link);
  });

  app.post(PETS_PATH, ...authenticated, express.json({ limit: MAX_BODY_BYTES }), async (req, res) => {
    const body = NewPetSchema.safeParse(req.body);
    if (!body.success) return validationFailed(res, 'body field', body.error);
    const pet = await queries.create(body.data);
    res.status(201).location(`${PETS_PATH}/${pet.id}`).json(pet);
  });

  app.get(`${PETS_PATH}/:petId`, deprecated, ...authenticated, async (req, res) => {
    const id = PetIdPathSchema.safeParse(req.params.petId);
    if (!id.success) return validationFailed(res, 'path parameter', id.error);
    const query = contract.getPet.query.safeParse(req.query);
    if (!query.success) return validationFailed(res, 'query parameter', query.error);
    const pet = await queries.get(id.data);
    if (!pet) return void res.status(404).json(errorBody('pet_not_found', noSuchAnimal(id.data)));
    sendCatalogue(req, res, pet);
  });

  app.use(PETS_PATH, ...authenticated, (req, res) => {
    res.status(404).json(errorBody('route_not_found', `No operation at ${req.method} ${req.originalUrl}.`));
  });
  app.use(bodyParserError);
  return app;
}
