import { API_BASE_PATH, storeContract } from '@animal-store/contract';
import { initContract } from '@ts-rest/core';

/**
 * The published contract's operations, the animals' and the API keys', at their full paths, validated and served as
 * published. Registering `/v1/pets` on the application itself, instead of `/pets` on a router mounted at `/v1`,
 * spares every request a second router pass.
 */
export const servedContract = initContract().router(storeContract, { pathPrefix: API_BASE_PATH });
