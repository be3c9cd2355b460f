import { API_BASE_PATH, ErrorSchema } from '@animal-store/contract';

/**
 * Why every path is missing, when the base address names no API version: the CLI's paths are relative to
 * `API_BASE_PATH`, so `http://127.0.0.1:3000` asks for `/pets` and the server's `route_not_found` names only that
 * path. An address that names another version (`/v2`) was chosen on purpose: the server's message names it.
 */
export function baseUrlHint(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  if (/\/v\d+$/.test(url.pathname.replace(/\/+$/, ''))) return undefined;
  return `(the base URL usually ends in ${API_BASE_PATH}, e.g. ${url.origin}${API_BASE_PATH})`;
}

/** A `route_not_found` Error body with the base address hint after the server's message; any other body as it is. */
export function withBaseUrlHint<Body>(body: Body, baseUrl: string): Body {
  const error = ErrorSchema.safeParse(body);
  if (!error.success || error.data.code !== 'route_not_found') return body;
  const hint = baseUrlHint(baseUrl);
  return hint === undefined ? body : { ...body, message: `${error.data.message} ${hint}` };
}
