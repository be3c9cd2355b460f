import { AuthorizationHeaderSchema, ErrorSchema } from './schemas.js';

/**
 * What every router of the API shares: the bearer key, only the statuses each route declares, and the answers any
 * operation may give (a refused key or scope, a limit, a failure, a database out of reach).
 */
export const SHARED_ROUTER_OPTIONS = {
  baseHeaders: AuthorizationHeaderSchema,
  strictStatusCodes: true,
  commonResponses: {
    401: ErrorSchema,
    403: ErrorSchema,
    429: ErrorSchema,
    500: ErrorSchema,
    503: ErrorSchema,
  },
} as const;
