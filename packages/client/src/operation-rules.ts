import { type StoreContract, storeContract } from '@animal-store/contract';
import type { AppRoute } from '@ts-rest/core';

/** What an operation allows beyond the repeat every call gets (429: the store refused it before acting on it). */
export interface OperationRules {
  /**
   * Whether the call may be sent again when the store may have acted on it unheard: after no answer (a reset, a
   * timeout) or a 503, which the store also answers when its database connection drops after a write committed.
   * True for a read, or a write the store recognises when it comes again (a create with its Idempotency-Key, a
   * revocation).
   */
  repeatableWhenUnsure: boolean;
  /** What the caller should check after such a failure of a call that is not repeated, added to its message. */
  whenUnsure: string | undefined;
  /** Whether 409 `idempotency_request_in_progress` means "wait": the first attempt of this create still runs. */
  waitsWhileInProgress: boolean;
  /** Whether the call carries an Idempotency-Key, the same on every attempt. */
  takesIdempotencyKey: boolean;
}

const READ: OperationRules = {
  repeatableWhenUnsure: true,
  whenUnsure: undefined,
  waitsWhileInProgress: false,
  takesIdempotencyKey: false,
};
// A lost answer to a call that makes a key may have made one, and a repeat would make another.
const ONCE: OperationRules = {
  repeatableWhenUnsure: false,
  whenUnsure: 'The store may have acted on it before it failed: check before trying again.',
  waitsWhileInProgress: false,
  takesIdempotencyKey: false,
};

/** Every operation of the contract, named: a new operation fails the build until its rules are chosen here. */
const RULES = {
  listPets: READ,
  getPet: READ,
  // The store answers a repeat of the same key with the first answer, so a create is safe to repeat.
  createPet: {
    repeatableWhenUnsure: true,
    whenUnsure: undefined,
    waitsWhileInProgress: true,
    takesIdempotencyKey: true,
  },
  listApiKeys: READ,
  getCurrentApiKey: READ,
  createApiKey: {
    ...ONCE,
    whenUnsure:
      'The store may have made the key before it failed: list the keys (newest first) to see whether it did, and revoke one whose secret you did not receive before creating another.',
  },
  // Revoking a revoked key changes nothing.
  revokeApiKey: READ,
  // A change sets the fields it names to the values it carries: sent again, it sets them again.
  updateApiKey: READ,
  getApiKeyUsage: READ,
  rotateApiKey: {
    ...ONCE,
    whenUnsure:
      'The store may have rotated the key before it failed: list the keys to see whether it made a successor; its secret is not shown again, so revoke that successor before rotating again.',
  },
  listAuditEvents: READ,
} satisfies Record<keyof StoreContract, OperationRules>;

const routeName = (route: Pick<AppRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

// Found by method and path rather than by object, so that a router built from the contract's routes finds them too.
const RULES_BY_ROUTE = new Map(
  (Object.keys(RULES) as Array<keyof StoreContract>).map((name) => [
    routeName(storeContract[name]),
    RULES[name],
  ]),
);

/** The rules of `route`; a route this version of the contract lacks gets the safe ones: reads repeat, writes not. */
export function rulesOf(route: AppRoute): OperationRules {
  return RULES_BY_ROUTE.get(routeName(route)) ?? (route.method === 'GET' ? READ : ONCE);
}
