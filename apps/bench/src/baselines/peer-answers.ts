import {
  API_BASE_PATH,
  ERROR_CODES,
  type ErrorCode,
  formatLink,
  GET_PET_DEPRECATED_SINCE,
  GET_PET_SUNSET,
  nextPageLink,
  type PetStatus,
} from '@animal-store/contract';
import type { HelmetOptions } from 'helmet';

/**
 * What the peers (d) and (e) answer alike, in the store's words where a client reads them: the Error body, the
 * deprecation headers of getPet, the next-page link and its cursor, the security headers. Each peer builds the rest
 * with its own stack's stock parts.
 */

export const PETS_PATH = `${API_BASE_PATH}/pets`;

/** The one Error body of the interface: `status` repeats the HTTP status of its code. */
export function errorBody(code: ErrorCode, message: string) {
  return { code, message, status: ERROR_CODES[code].status };
}

export const BEARER_CHALLENGE = 'Bearer realm="animal-store"';
export const KEY_REFUSED = 'The Authorization header is missing or not a valid key.';
export const noSuchAnimal = (id: number) => `No animal has id ${id}.`;
export const rateLimited = (limit: number) => `More than ${limit} requests a minute with this API key.`;
export const INVALID_CURSOR = 'The cursor is not one this store issued; start again without it.';

/** RFC 9745 `Deprecation`, RFC 8594 `Sunset` and the successor link, on every answer of getPet. */
export const DEPRECATION_HEADERS = {
  deprecation: `@${GET_PET_DEPRECATED_SINCE.getTime() / 1000}`,
  sunset: GET_PET_SUNSET.toUTCString(),
  link: formatLink(PETS_PATH, 'successor-version'),
};

/**
 * Helmet's defaults less the headers that govern how a browser treats a document (DNS prefetching, download and
 * cross-domain policies, the XSS auditor, origin clustering, opener policy), with a CSP that allows nothing and
 * framing denied: the headers OWASP's REST Security Cheat Sheet asks of a JSON API, which the store sends.
 */
export const API_HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} satisfies HelmetOptions;

/**
 * No browser or shared cache may keep an answer (Helmet does not set this one), but listPets' and getPet's 200s,
 * which carry their ETag and peer-conditional.ts's Cache-Control instead.
 */
export const CACHE_CONTROL = 'no-store';

/** The store's cursor: the last id of the page, versioned and opaque to clients. */
export const encodeCursor = (afterId: number) => Buffer.from(`a${afterId}`).toString('base64url');

/** The id a cursor stands for, or undefined when it is not one the store would have issued. */
export function decodeCursor(cursor: string): number | undefined {
  const match = /^a([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const afterId = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(afterId) ? afterId : undefined;
}

/**
 * A page of `limit` animals read as `limit + 1` rows, as the store reads it: the extra row says a next page exists,
 * and the `Link` to it carries the client's filter and page size.
 */
export function pageOf<Pet extends { id: number }>(
  rows: readonly Pet[],
  query: { limit: number; status?: PetStatus },
): { pets: Pet[]; link: string | undefined } {
  const pets = rows.slice(0, query.limit);
  const last = pets.at(-1);
  const link =
    rows.length > query.limit && last ? nextPageLink(PETS_PATH, query, encodeCursor(last.id)) : undefined;
  return { pets, link };
}
