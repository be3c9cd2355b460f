import type { AddressInfo } from 'node:net';
import { initContract } from '@ts-rest/core';
import { createExpressEndpoints, RequestValidationError } from '@ts-rest/express';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passValidationFailureOn } from '../http/request-validation.js';
import { withHeadersAsOneSchema } from './served-contract.js';

/**
 * What the store relies on from @ts-rest/core and @ts-rest/express, which are pinned to a release candidate
 * (docs/decisions/002): each case fails if an upgrade changes it. Written as the store's contract is (headers as an
 * object of schemas, strict objects, a pipe from text) and served as the store serves it (the headers as one object
 * schema), by ts-rest alone over real HTTP.
 */
const c = initContract();
const probeContract = withHeadersAsOneSchema(
  c.router(
    {
      probe: {
        method: 'POST',
        path: '/probe/:id',
        pathParams: z.object({
          id: z
            .string()
            .regex(/^[1-9][0-9]*$/, 'id rule')
            .pipe(z.coerce.number<string>()),
        }),
        query: z.strictObject({
          limit: z
            .string()
            .regex(/^[0-9]+$/, 'limit rule')
            .optional(),
        }),
        headers: { 'x-probe': z.string({ error: 'x-probe rule' }).optional() },
        body: z.strictObject({ name: z.string({ error: 'name rule' }) }, { error: 'body rule' }),
        responses: { 200: z.unknown() },
      },
    },
    { baseHeaders: { authorization: z.string({ error: 'authorization rule' }) }, strictStatusCodes: true },
  ),
);

/** What the handler and the error exit saw. */
const seen: { stepQuery?: unknown; handled?: unknown; failure?: RequestValidationError } = {};

let origin = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  const captureFailure: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof RequestValidationError) seen.failure = error;
    res.status(400).json({ refused: true });
  };
  createExpressEndpoints(
    probeContract,
    {
      probe: {
        middleware: [
          (req, _res, next) => {
            seen.stepQuery = { ...req.query };
            next();
          },
        ],
        handler: async ({ params, query, headers, body }) => {
          seen.handled = {
            params,
            query,
            headers: { probe: headers['x-probe'], other: headers['x-other'] },
            body,
          };
          return { status: 200, body: {} };
        },
      },
    },
    app.use(express.json()),
    { requestValidationErrorHandler: passValidationFailureOn },
  );
  app.use(captureFailure);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

function send(path: string, headers: Record<string, string>, body: unknown) {
  seen.handled = undefined;
  seen.failure = undefined;
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k', ...headers },
    body: JSON.stringify(body),
  });
}

describe('ts-rest as the store relies on it', () => {
  it('runs route middleware before validation, then hands the handler the parsed values and every header', async () => {
    const response = await send('/probe/7?limit=5', { 'x-probe': 'p', 'x-other': 'o' }, { name: 'Rex' });
    expect(response.status).toBe(200);
    expect(seen.stepQuery).toStrictEqual({ limit: '5' });
    expect(seen.handled).toStrictEqual({
      params: { id: 7 },
      query: { limit: '5' },
      headers: { probe: 'p', other: 'o' },
      body: { name: 'Rex' },
    });
  });

  it("passes a failure on to the app's error exit with Zod's issues per part: codes, paths, messages, unknown keys", async () => {
    const response = await send('/probe/07?limit=x&extra=1', {}, { name: 5, colour: 'red' });
    expect(response.status).toBe(400);
    expect(seen.handled).toBeUndefined();
    const failure = seen.failure;
    expect(failure?.pathParams?.issues).toMatchObject([
      { code: 'invalid_format', path: ['id'], message: 'id rule' },
    ]);
    expect(failure?.query?.issues).toMatchObject([
      { code: 'invalid_format', path: ['limit'], message: 'limit rule' },
      { code: 'unrecognized_keys', keys: ['extra'], path: [] },
    ]);
    expect(failure?.body?.issues).toMatchObject([
      { code: 'invalid_type', path: ['name'], message: 'name rule' },
      { code: 'unrecognized_keys', keys: ['colour'], path: [], message: 'body rule' },
    ]);
    expect(failure?.headers).toBeNull();
  });

  it('checks the headers as one object, each issue at its name, the base headers included', async () => {
    const response = await fetch(`${origin}/probe/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex' }),
    });
    expect(response.status).toBe(400);
    expect(seen.failure?.headers?.issues).toMatchObject([
      { code: 'invalid_type', path: ['authorization'], message: 'authorization rule' },
    ]);
  });
});
