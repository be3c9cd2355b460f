import {
  LIST_LIMIT,
  MAX_SAFE_ID,
  PET_NAME_MAX_LENGTH,
  PET_STATUSES,
  type PetStatus,
} from '@animal-store/contract';

/**
 * The JSON schemas of peer (d): Fastify validates requests with them (Ajv) and serialises answers with them
 * (fast-json-stringify), as its documentation recommends. The rules are the contract's.
 */

const id = { type: 'integer', minimum: 1, maximum: MAX_SAFE_ID } as const;
const status = { type: 'string', enum: PET_STATUSES } as const;

export const PET = {
  type: 'object',
  properties: { id, name: { type: 'string' }, categoryId: id, status },
  required: ['id', 'name', 'categoryId'],
  additionalProperties: false,
} as const;

export const PET_LIST = { type: 'array', items: PET } as const;

export const ERROR = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } },
  required: ['code', 'message', 'status'],
} as const;

export interface ListQuery {
  limit: number;
  status?: PetStatus;
  cursor?: string;
}

export const LIST_QUERY = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default },
    status,
    cursor: { type: 'string', minLength: 1 },
  },
  additionalProperties: false,
} as const;

export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}

export const NEW_PET = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: PET_NAME_MAX_LENGTH, pattern: '\\S' },
    categoryId: id,
    status,
  },
  required: ['name', 'categoryId'],
  additionalProperties: false,
} as const;

/** Ids in a path are canonical decimal digits, as the store reads them: `01` or `1.0` name no animal. */
export const PET_ID_PARAMS = {
  type: 'object',
  properties: { petId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
  required: ['petId'],
} as const;

/** getPet takes no query parameters, and refuses unknown ones as listPets does. */
export const NO_QUERY = { type: 'object', additionalProperties: false } as const;
