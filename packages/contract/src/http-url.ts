import { z } from 'zod';

/** Said of a configured address that is not an absolute http(s) URL, after the name of the flag or variable. */
export const HTTP_URL_MESSAGE = 'must be an absolute http:// or https:// URL';

/**
 * Whether `value` is an absolute `http://` or `https://` URL as written: the scheme and its `//` are required, so
 * `http:host` (which the URL parser would read as `http://host/`) and leading spaces are refused.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A configured address of a store or a client: an absolute http(s) URL, kept as written. */
export const HttpUrlSchema = z.string().refine(isHttpUrl, HTTP_URL_MESSAGE);
