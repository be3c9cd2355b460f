import type { ApiKey } from '@animal-store/contract';

/** The path parameters that name a key to the store's key operations (revoke, rotate). */
export const keyParams = (key: ApiKey) => ({ params: { keyId: String(key.id) } });
