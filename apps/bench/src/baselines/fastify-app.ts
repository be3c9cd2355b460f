import { randomUUID } from 'node:crypto';
import { type ErrorCode, MAX_BODY_BYTES } from '@animal-store/contract';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  ERROR,
  LIST_QUERY,
  type ListQuery,
  NEW_PET,
  type NewPet,
  NO_QUERY,
  PET,
  PET_ID_PARAMS,
  PET_LIST,
} from './fastify-schemas.js';
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of the API key that authenticated the request; the rate limit counts per key. */
    apiKeyId: string;
  }
  interface FastifyContextConfig {
    /** getPet's: every answer carries the deprecation headers, refusals included. */
    deprecated?: boolean;
  }
}

/** Errors Fastify and its plugins raise, by HTTP status, as the store's Error codes. */
const ERROR_CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'malformed_json',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * Peer (d): the store's three operations with the store's per-request features, as a careful team writes them with
 * Fastify 5 and its stock parts: its pino logger (one line per request, with the request id), @fastify/helmet,
 * @fastify/rate-limit per API key with its headers, a bearer-key hook that checks the key's digest against the keys
 * table, JSON-schema validation and fast-json-stringify serialisation, keyset paging with a `Link` header, the
 * deprecation headers, the Error body, and the catalogue's ETag with its 304. Unlike the store's, the 304 counts
 * against the key's limit: @fastify/rate-limit cannot give a count back (its stores increment and read, no more, and
 * it has no option to skip an answer by its status). Hooks run in the order they are added.
 */
export async function fastifyPeer({
  queries,
  rateLimitPerMinute,
  logStream,
}: PeerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: 'info', stream: logStream },
    // Fastify logs a request twice (received, completed); the line below is the store's one line per request.
    disableRequestLogging: true,
    genReqId: () => randomUUID(),
    bodyLimit: MAX_BODY_BYTES,
    // Unknown parameters and fields are refused, as the contract says, rather than dropped (Ajv's default here).
    ajv: { customOptions: { removeAdditional: false } },
  });
  const checkKey = bearerKeyCheck((digest) => queries.findApiKey(digest));

  // Before authentication, as in the store: a refused caller gets the request id and learns of the sunset too.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('cache-control', CACHE_CONTROL);
    if (request.routeOptions.config.deprecated) reply.headers(DEPRECATION_HEADERS);
  });
  await app.register(fastifyHelmet, API_HELMET_OPTIONS);
  app.decorateRequest('apiKeyId', '');
  app.addHook('onRequest', async (request, reply) => {
    const keyId = await checkKey(request.headers.authorization);
    if (keyId === undefined) {
      reply.header('www-authenticate', BEARER_CHALLENGE);
      return reply.code(401).send(errorBody('unauthorized', KEY_REFUSED));
    }
    request.apiKeyId = keyId;
  });
  // Adds its hook to each route, so it runs after the authentication above.
  await app.register(fastifyRateLimit, {
    max: rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.apiKeyId,
    enableDraftSpec: true,
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return reply.code(400).send(errorBody('validation_failed', error.message));
    if (error.statusCode === 429)
      return reply.code(429).send(errorBody('rate_limited', rateLimited(rateLimitPerMinute)));
    const code = ERROR_CODE_BY_STATUS[error.statusCode ?? 500];
    if (code) return reply.code(error.statusCode as number).send(errorBody(code, error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('internal_error', `The request ${request.id} failed.`));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody('route_not_found', `No operation at ${request.method} ${request.url}.`)),
  );

  /** A catalogue answer, serialised by the route's schema and tagged: 304 without a body when the client holds it. */
  const sendCatalogue = (request: FastifyRequest, reply: FastifyReply, body: unknown, link?: string) => {
    // fast-json-stringify's text, as Fastify would send it.
    const json = reply.serialize(body) as string;
    const etag = etagOf(json);
    reply.header('etag', etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (namesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (link !== undefined) reply.header('link', link);
    return reply.type('application/json; charset=utf-8').send(json);
  };

  app.get<{ Querystring: ListQuery }>(
    PETS_PATH,
    { schema: { querystring: LIST_QUERY, response: { 200: PET_LIST, '4xx': ERROR } } },
    async (request, reply) => {
      const { limit, status, cursor } = request.query;
      const afterId = cursor === undefined ? 0 : decodeCursor(cursor);
      if (afterId === undefined) return reply.code(400).send(errorBody('invalid_cursor', INVALID_CURSOR));
      const page = pageOf(await queries.list(limit + 1, status, afterId), { limit, status });
      return sendCatalogue(request, reply, page.pets, page.link);
    },
  );

  app.post<{ Body: NewPet }>(
    PETS_PATH,
    { schema: { body: NEW_PET, response: { 201: PET, '4xx': ERROR } } },
    async (request, reply) => {
      const pet = await queries.create(request.body);
      return reply.code(201).header('location', `${PETS_PATH}/${pet.id}`).send(pet);
    },
  );

  app.get<{ Params: { petId: string } }>(
    `${PETS_PATH}/:petId`,
    {
      config: { deprecated: true },
      schema: { params: PET_ID_PARAMS, querystring: NO_QUERY, response: { 200: PET, '4xx': ERROR } },
    },
    async (request, reply) => {
      const id = Number(request.params.petId);
      const pet = await queries.get(id);
      if (!pet) return reply.code(404).send(errorBody('pet_not_found', noSuchAnimal(id)));
      return sendCatalogue(request, reply, pet);
    },
  );
  return app;
}
