import type { ApiKey, CreatedApiKey, NewApiKey, RotateApiKey, UpdateApiKey } from './api-key-schemas.js';
import type { ApiKeyUsage } from './api-key-usage-schemas.js';
import type { AuditEvent } from './audit-event-schemas.js';
import type { NewPet, Pet } from './schemas.js';
import type { StoreContract } from './store-contract.js';

export type OperationId = keyof StoreContract;

/** One realistic call of an operation: what is sent, and the success answer the store gives to it. */
export interface OperationExample {
  pathParams?: Record<string, number>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  answer: unknown;
}

const BISCUIT = { id: 1042, name: 'Biscuit', categoryId: 3, status: 'available' } satisfies Pet;
const JUNIPER = { id: 1043, name: 'Juniper', categoryId: 3, status: 'available' } satisfies Pet;
const NEW_BISCUIT = { name: 'Biscuit', categoryId: 3, status: 'available' } satisfies NewPet;

const INVENTORY_KEY = {
  id: 7,
  name: 'inventory-sync',
  prefix: 'as_jjsVqF',
  scopes: ['pets:read', 'pets:write'],
  state: 'active',
  configured: false,
  createdAt: '2026-11-23T09:14:05.318Z',
  expiresAt: null,
  lastUsedAt: '2026-11-24T16:02:41.907Z',
  deprecatedCallAt: null,
  revokedAt: null,
  rotatedAt: null,
  replaces: null,
  rateLimitPerMinute: 1200,
  allowedNetworks: ['203.0.113.0/24', '2001:db8:4f00::/40'],
} satisfies ApiKey;

const CONFIGURED_KEY = {
  id: 'env-1',
  name: 'API_KEYS #1',
  prefix: 'ops-st',
  scopes: ['pets:read', 'pets:write', 'keys:manage'],
  state: 'active',
  configured: true,
  createdAt: null,
  expiresAt: null,
  lastUsedAt: '2026-11-24T15:58:12.004Z',
  deprecatedCallAt: null,
  revokedAt: null,
  rotatedAt: null,
  replaces: null,
  rateLimitPerMinute: null,
  allowedNetworks: null,
} satisfies ApiKey;

/**
 * Without `expiresAt`: any date written here would leave the window the store accepts (after now, within
 * MAX_API_KEY_LIFETIME_DAYS) one day, and the sample would then be refused.
 */
const NEW_INVENTORY_KEY = {
  name: 'inventory-sync',
  scopes: ['pets:read', 'pets:write'],
  rateLimitPerMinute: INVENTORY_KEY.rateLimitPerMinute,
  allowedNetworks: INVENTORY_KEY.allowedNetworks,
} satisfies NewApiKey;

/** The partner's office moved: its key gets the new network and a larger budget; name and scopes stay. */
const POLICY_CHANGE = {
  rateLimitPerMinute: 3000,
  allowedNetworks: ['198.51.100.0/24', '2001:db8:4f00::/40'],
} satisfies UpdateApiKey;

/** Two hours of the key's traffic: a busy one with a few refusals and 429s, then a quiet one. */
const INVENTORY_USAGE = {
  keyId: INVENTORY_KEY.id,
  since: '2026-11-24T15:00:00.000Z',
  until: '2026-11-24T17:00:00.000Z',
  hours: [
    { hour: '2026-11-24T15:00:00.000Z', answered: 5214, refused: 12, limited: 48, failed: 0 },
    { hour: '2026-11-24T16:00:00.000Z', answered: 311, refused: 0, limited: 0, failed: 1 },
  ],
} satisfies ApiKeyUsage;

/** The secret appears only in a created key's answer: this one is made up, and no store knows it. */
const CREATED_INVENTORY_KEY = {
  ...INVENTORY_KEY,
  lastUsedAt: null,
  key: 'as_jjsVqFGrs5QP7La_vxfenxPiBhlUOv_3LZU1S617z2ozomNgA',
} satisfies CreatedApiKey;

const ROTATION = { overlapHours: 24 } satisfies RotateApiKey;

/** The successor keeps the name, scopes and lifetime (none here); the old key ends `overlapHours` later. */
const ROTATED_INVENTORY_KEY = {
  ...INVENTORY_KEY,
  id: 12,
  prefix: 'as_YdqiZU',
  createdAt: '2027-05-02T08:30:00.125Z',
  lastUsedAt: null,
  key: 'as_YdqiZUkBxL2Vxor4C71zVCSfpYwPw4QGIYsiYEYzhEQ9wTPeA',
} satisfies CreatedApiKey;

/** The rotation above as the audit log records it, and the key creation before it, with their true hashes. */
const ROTATION_EVENT = {
  id: 318,
  at: '2027-05-02T08:30:00.125Z',
  action: 'api_key.rotated',
  outcome: 'done',
  code: null,
  actor: { type: 'key', keyId: '3', name: 'ops-admin' },
  keyId: INVENTORY_KEY.id,
  successorId: ROTATED_INVENTORY_KEY.id,
  requestId: '6f1d1c52-4c1e-4f51-a0a4-2b7e0c3d9f10',
  clientAddress: '203.0.113.24',
  userAgent: 'animal-store-cli/1.4.0',
  previousHash: '974bfb2aa9784df916759ed5859283b4cac03a99ee80e7ec04026dc0602eef50',
  hash: 'cd22127968851b8779d5a8009f010b453075c63b270165ff82e730f2e5574898',
} satisfies AuditEvent;

const CREATION_EVENT = {
  ...ROTATION_EVENT,
  id: 317,
  at: '2026-11-23T09:14:05.318Z',
  action: 'api_key.created',
  successorId: null,
  requestId: '0b7e5d2a-9c4f-4e8b-8a1d-3f6c2e9b7a54',
  previousHash: '3c9a7e5b1d0f8c6a4e2b9d7f5c3a1e0b8d6f4a2c9e7b5d3f1a0c8e6b4d2f9a7c',
  hash: ROTATION_EVENT.previousHash,
} satisfies AuditEvent;

/**
 * The example value of a parameter, by name. Tools fill a request with these ("Test Request" on /docs), so none is
 * given where a filled-in value would surprise: `keyId` (a revoke would hit whatever key has that id), `cursor` (a
 * first listing would start mid-catalogue) and `Idempotency-Key` (a second try would replay the first answer).
 */
export const PARAMETER_EXAMPLES: Record<string, string | number> = {
  petId: BISCUIT.id,
  limit: 20,
  status: 'available',
};

/** A call of every operation, about Biscuit the animal and the `inventory-sync` key. */
export const OPERATION_EXAMPLES: Record<OperationId, OperationExample> = {
  listPets: {
    query: { status: 'available', limit: 20 },
    answer: [BISCUIT, JUNIPER],
  },
  createPet: {
    headers: { 'idempotency-key': 'aa7edaad-26f5-49d1-9b80-3bb4bc6cdffa' },
    body: NEW_BISCUIT,
    answer: BISCUIT,
  },
  getPet: { pathParams: { petId: BISCUIT.id }, answer: BISCUIT },
  listApiKeys: { answer: [INVENTORY_KEY, CONFIGURED_KEY] },
  getCurrentApiKey: { answer: INVENTORY_KEY },
  createApiKey: { body: NEW_INVENTORY_KEY, answer: CREATED_INVENTORY_KEY },
  revokeApiKey: {
    pathParams: { keyId: INVENTORY_KEY.id },
    answer: { ...INVENTORY_KEY, state: 'revoked', revokedAt: '2027-05-02T08:41:17.560Z' } satisfies ApiKey,
  },
  updateApiKey: {
    pathParams: { keyId: INVENTORY_KEY.id },
    body: POLICY_CHANGE,
    answer: { ...INVENTORY_KEY, ...POLICY_CHANGE } satisfies ApiKey,
  },
  getApiKeyUsage: {
    pathParams: { keyId: INVENTORY_KEY.id },
    query: { since: INVENTORY_USAGE.since, until: INVENTORY_USAGE.until },
    answer: INVENTORY_USAGE,
  },
  rotateApiKey: {
    pathParams: { keyId: INVENTORY_KEY.id },
    body: ROTATION,
    answer: ROTATED_INVENTORY_KEY,
  },
  listAuditEvents: {
    query: { keyId: String(INVENTORY_KEY.id), limit: 20 },
    answer: [ROTATION_EVENT, CREATION_EVENT],
  },
};
