import { API_BASE_PATH, storeContract } from '@animal-store/contract';
import { type AppRoute, initContract } from '@ts-rest/core';
import { z } from 'zod';

/**
 * The published contract's operations, the animals' and the API keys', at their full paths, validated and served as
 * published. Registering `/v1/pets` on the application itself, instead of `/pets` on a router mounted at `/v1`,
 * spares every request a second router pass.
 */
const publishedAtFullPaths = initContract().router(storeContract, { pathPrefix: API_BASE_PATH });

/**
 * Each operation's headers as one object schema of the same fields and rules. ts-rest accepts either form; given
 * separate schemas it copies every request header into a Map and back into an object around checking each one, which
 * was half of what validating a read cost. One object schema is checked in one pass, with the same issues and paths.
 */
export function withHeadersAsOneSchema<Router extends Record<string, AppRoute>>(router: Router): Router {
  return Object.fromEntries(
    Object.entries(router).map(([name, route]) => {
      const headers = route.headers as Record<string, z.ZodType> | undefined;
      return [name, headers === undefined ? route : { ...route, headers: z.object(headers) }];
    }),
  ) as Router;
}

export const servedContract = withHeadersAsOneSchema(publishedAtFullPaths);
