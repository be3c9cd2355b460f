import { API_BASE_PATH, contract } from '@animal-store/contract';
import { initContract } from '@ts-rest/core';

/**
 * The published contract's operations at their full paths, validated and served as published. Registering
 * `/v1/pets` on the application itself, instead of `/pets` on a router mounted at `/v1`, spares every request a
 * second router pass.
 */
export const servedContract = initContract().router(contract, { pathPrefix: API_BASE_PATH });
