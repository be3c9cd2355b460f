import { API_BASE_PATH } from '@animal-store/contract/schemas';
import { AnimalStoreError, withMessageAdded } from './animal-store-error.js';

/** Resolves a relative base URL (`/v1` in a page the store serves) only to read its path. */
const ANY_ORIGIN = 'http://any.invalid';

/**
 * Why every path is missing, when the base URL names no API version: the operations' paths are relative to
 * `API_BASE_PATH`, so `http://127.0.0.1:3000` asks for `/pets` and the store's `route_not_found` names only that
 * path. A base URL that names another version (`/v2`) was chosen on purpose: the store's message names it.
 */
export function baseUrlHint(baseUrl: string): string | undefined {
  const url = new URL(baseUrl, ANY_ORIGIN);
  if (/\/v\d+$/.test(url.pathname.replace(/\/+$/, ''))) return undefined;
  const origin = url.origin === ANY_ORIGIN ? '' : url.origin;
  return `(the base URL usually ends in ${API_BASE_PATH}, e.g. ${origin}${API_BASE_PATH})`;
}

/** A `route_not_found` with the base URL hint after the store's message; any other failure as it is. */
export function withBaseUrlHint(failure: unknown, baseUrl: string): unknown {
  if (!(failure instanceof AnimalStoreError) || failure.code !== 'route_not_found') return failure;
  const hint = baseUrlHint(baseUrl);
  return hint === undefined ? failure : withMessageAdded(failure, hint);
}
