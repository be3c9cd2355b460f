import express, { type Express, type Response } from 'express';
import { parseListQuery, parseNewPet, parsePetId } from './request-parsing.js';
import type { StoreQueries } from './store-queries.js';

/**
 * The app of baselines (b) and (b′): Express 5 routes and the database driver. Bare like baseline (a): no
 * authentication, logging, security headers, contract validation, Link header, ETag or 304.
 */
export function bareExpressApp(queries: StoreQueries): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  const badRequest = (res: Response, message: string) =>
    res.status(400).json({ code: 'invalid_request', message, status: 400 });

  app.get('/v1/pets', async (req, res) => {
    const query = parseListQuery(new URLSearchParams(req.url.split('?')[1] ?? ''));
    if (!query) return void badRequest(res, 'bad query');
    res.json(await queries.list(query.limit, query.status, 0));
  });

  app.post('/v1/pets', express.json({ limit: '16kb' }), async (req, res) => {
    const newPet = parseNewPet(req.body);
    if (!newPet) return void badRequest(res, 'bad body');
    res.status(201).json(await queries.create(newPet));
  });

  app.get('/v1/pets/:petId', async (req, res) => {
    const id = parsePetId(req.params.petId);
    const pet = id === undefined ? undefined : await queries.get(id);
    if (!pet)
      return void res.status(404).json({ code: 'pet_not_found', message: 'no such animal', status: 404 });
    res.json(pet);
  });
  return app;
}
