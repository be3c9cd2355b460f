import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { FIELD_MESSAGES } from './messages.js';
import { SHARED_ROUTER_OPTIONS } from './router-options.js';
import { dayInWords, GET_PET_SUNSET } from './rules.js';
import {
  ConditionalHeaderSchema,
  ErrorSchema,
  IdempotencyHeaderSchema,
  ListPetsQuerySchema,
  NewPetSchema,
  PetIdPathSchema,
  PetListSchema,
  PetSchema,
} from './schemas.js';
import type { OperationMetadata } from './scopes.js';

const c = initContract();

/** Animals are never changed or deleted: what a read answered stays true, and a client may ask whether it still holds. */
const CONDITIONAL =
  'Every answer carries a strong `ETag`; send it back in `If-None-Match` and an unchanged answer is ' +
  '`304 Not Modified` with no body, which does not count against the rate limit. An animal, and a full page ' +
  'followed by another, never change; the last page changes as animals are added.';

/**
 * The Animal Store API, version 1. Paths are relative to the base address, which ends in
 * `API_BASE_PATH` (`/v1`).
 * Every operation requires `Authorization: Bearer <API key>` with the scope its `metadata` names.
 */
export const contract = c.router(
  {
    listPets: {
      method: 'GET',
      path: '/pets',
      headers: ConditionalHeaderSchema,
      query: ListPetsQuerySchema,
      metadata: { scope: 'pets:read' } as const satisfies OperationMetadata,
      summary: 'List animals',
      description:
        'Returns animals in ascending order of id, at most `limit` of them, optionally only those with the given ' +
        '`status`. When more animals follow, the response carries a `Link: <…>; rel="next"` header with the address ' +
        'of the next page, relative to the request URL unless the store is configured with its public address; ' +
        'follow it until it is absent. A traversal returns every matching animal that existed when it began ' +
        'exactly once, in id order; animals added meanwhile may or may not appear. ' +
        CONDITIONAL,
      responses: {
        200: PetListSchema,
        304: c.noBody(),
        400: ErrorSchema,
      },
    },
    createPet: {
      method: 'POST',
      path: '/pets',
      contentType: 'application/json',
      headers: IdempotencyHeaderSchema,
      body: NewPetSchema,
      metadata: { scope: 'pets:write' } as const satisfies OperationMetadata,
      summary: 'Add an animal',
      description:
        'Adds an animal and returns it with the id the store assigned, with a `Location` header naming it. ' +
        'The response is sent only after the animal is durably stored. Send an `Idempotency-Key` to retry safely: ' +
        'a repeat with the same key and body replays the first response with `Idempotent-Replayed: true`.',
      responses: {
        201: PetSchema,
        400: ErrorSchema,
        409: ErrorSchema,
        413: ErrorSchema,
        415: ErrorSchema,
        422: ErrorSchema,
      },
    },
    getPet: {
      method: 'GET',
      path: '/pets/:petId',
      pathParams: z.object({ petId: PetIdPathSchema }),
      headers: ConditionalHeaderSchema,
      // No parameters, and unknown ones are refused as on listPets.
      query: z.strictObject({}, { error: FIELD_MESSAGES.unknownParameter }),
      deprecated: true,
      metadata: { scope: 'pets:read' } as const satisfies OperationMetadata,
      summary: 'Get one animal (deprecated)',
      description:
        `Returns one animal. Deprecated: removed on ${dayInWords(GET_PET_SUNSET)}. ` +
        'Use `GET /pets` with the `status` filter ' +
        'instead. Every response carries `Deprecation`, `Sunset` and a `Link` to the successor. ' +
        CONDITIONAL,
      responses: {
        200: PetSchema,
        304: c.noBody(),
        400: ErrorSchema,
        404: ErrorSchema,
      },
    },
  },
  SHARED_ROUTER_OPTIONS,
);

export type Contract = typeof contract;
