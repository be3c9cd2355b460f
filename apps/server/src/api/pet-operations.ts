import { API_BASE_PATH, type Pet } from '@animal-store/contract';
import { errorBody } from '../http/api-error.js';
import { requestContext } from '../http/request-context.js';
import { tellRequestEvent } from '../http/request-events.js';
import type { PetCreation } from '../store/pet-creation.js';
import type { PetRepository } from '../store/pet-repository.js';
import type { SettledIds } from '../store/settled-ids.js';
import { answerWith } from './conditional-answers.js';
import type { PetOperations } from './operation.js';
import { decodeCursor } from './pagination.js';
import { PetAnswers } from './pet-answers.js';

/**
 * The three operations of the contract: each one's own steps beside its handler, which returns expected outcomes
 * and never throws them.
 */
export function petOperations({
  pets,
  petCreation,
  publicBaseUrl,
  settledIds,
  answerCacheBytes,
}: {
  pets: PetRepository;
  petCreation: PetCreation;
  /** Absolute links start with it; without it they are relative, never built from the request's own headers. */
  publicBaseUrl: string | undefined;
  /** Which ids no create can still add an animal below (store/settled-ids.ts). */
  settledIds: SettledIds;
  /** Bytes of settled answers kept in memory; 0 keeps none. */
  answerCacheBytes: number;
}): PetOperations {
  const petsUrl = `${publicBaseUrl ?? ''}${API_BASE_PATH}/pets`;
  const answers = new PetAnswers(pets, settledIds, petsUrl, answerCacheBytes);
  return {
    listPets: {
      handler: async ({ query, headers, res }) => {
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
        return answerWith<Pet[]>(res, headers['if-none-match'], await answers.page(query, afterId));
      },
    },

    createPet: {
      // The only operation with a body: the others skip the content-type check and the parser.
      readsJsonBody: true,
      handler: async ({ body, headers, res }) => {
        // ts-rest types the header as Node does (text, or a list when repeated); the contract's schema has made it
        // text by now.
        const key = headers['idempotency-key'];
        const { client } = requestContext(res);
        const outcome = await petCreation.create(
          body,
          // Scoped by the key's rotation line: a successor's retry replays what its predecessor was answered.
          typeof key === 'string' && key && client ? { scope: client.line, key } : undefined,
        );
        switch (outcome.kind) {
          case 'in_progress':
            res.setHeader('Retry-After', '1');
            return {
              status: 409,
              body: errorBody(
                'idempotency_request_in_progress',
                'A request with this Idempotency-Key is in progress.',
              ),
            };
          case 'key_reused':
            return {
              status: 422,
              body: errorBody(
                'idempotency_key_reused',
                'This Idempotency-Key was used with a different body.',
              ),
            };
          case 'replayed':
            tellRequestEvent(res, { kind: 'idempotent_replay' });
            res.setHeader('Idempotent-Replayed', 'true');
        }
        answers.created(outcome.pet.id);
        res.setHeader('Location', `${petsUrl}/${outcome.pet.id}`);
        return { status: 201, body: outcome.pet };
      },
    },

    getPet: {
      deprecatedFor: `${API_BASE_PATH}/pets`,
      handler: async ({ params, headers, res }) => {
        const answer = await answers.pet(params.petId);
        if (!answer)
          return { status: 404, body: errorBody('pet_not_found', `No animal has id ${params.petId}.`) };
        return answerWith<Pet>(res, headers['if-none-match'], answer);
      },
    },
  };
}
