import { contract } from '@animal-store/contract';
import { type createExpressEndpoints, initServer } from '@ts-rest/express';
import type { PetRepository } from '../store/pet-repository.js';
import { errorBody } from './api-error.js';
import { decodeCursor, nextPageUrl } from './pagination.js';

const s = initServer();

/** ts-rest does not export its router-implementation type; this names it through the function that takes it. */
type PetHandlers = Parameters<typeof createExpressEndpoints<typeof contract>>[1];

/** The three operations of the contract. Expected outcomes are returned, never thrown. */
export function petHandlers(pets: PetRepository): PetHandlers {
  return s.router(contract, {
    listPets: async ({ query, req, res }) => {
      const afterId = query.cursor === undefined ? 0 : decodeCursor(query.cursor);
      if (afterId === undefined) {
        return {
          status: 400,
          body: errorBody(
            'invalid_cursor',
            'The cursor is not one this store issued; start again without it.',
          ),
        };
      }
      const page = await pets.list({ limit: query.limit, status: query.status, afterId });
      const last = page.pets.at(-1);
      if (page.hasMore && last) {
        const listUrl = `${req.protocol}://${req.get('host')}${req.baseUrl}${req.path}`;
        res.setHeader('Link', `<${nextPageUrl(listUrl, query, last.id)}>; rel="next"`);
      }
      return { status: 200, body: page.pets };
    },

    createPet: async ({ body, req, res }) => {
      const pet = await pets.create(body);
      res.setHeader('Location', `${req.baseUrl}/pets/${pet.id}`);
      return { status: 201, body: pet };
    },

    getPet: async ({ params }) => {
      const pet = await pets.findById(params.petId);
      if (!pet) return { status: 404, body: errorBody('pet_not_found', `No animal has id ${params.petId}.`) };
      return { status: 200, body: pet };
    },
  });
}
