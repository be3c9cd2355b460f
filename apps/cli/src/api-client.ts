import { API_BASE_PATH, ErrorSchema, storeContract } from '@animal-store/contract';
import { type ApiFetcher, initClient, ResponseValidationError, validateResponse } from '@ts-rest/core';
import { withBaseUrlHint } from './base-url-hint.js';
import { ApiResponseError, UnreachableError } from './cli-errors.js';
import type { Connection } from './config.js';

/** Long enough for a slow import row, short enough that a black-holed address does not hang a script. */
const REQUEST_TIMEOUT_MS = 30_000;

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The typed client of every operation the store serves (animals and API keys): requests and responses are checked
 * against the shared schemas.
 */
export function createApiClient(connection: Connection) {
  return initClient(storeContract, {
    baseUrl: connection.baseUrl,
    baseHeaders: { authorization: `Bearer ${connection.apiKey}` },
    api: fetcherFor(connection.baseUrl),
  });
}

/**
 * ts-rest's own fetcher would report a refused connection and a malformed answer alike as a thrown error; this
 * one tells them apart, because they need different exit codes. A `route_not_found` gains a hint when the base
 * address lacks the API version, the usual reason for it.
 */
function fetcherFor(baseUrl: string): ApiFetcher {
  return async ({ route, path, method, headers, body }) => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(path, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new UnreachableError(baseUrl, reasonOf(error));
    }
    const isJson = /^application\/(.+\+)?json\b/.test(response.headers.get('content-type') ?? '');
    const parsed = isJson ? parseJson(text) : text;
    const answer = {
      status: response.status,
      body: response.status === 404 ? withBaseUrlHint(parsed, baseUrl) : parsed,
      headers: response.headers,
    };
    try {
      const validated = validateResponse({ appRoute: route, response: answer });
      return { status: validated.status, body: validated.body, headers: response.headers };
    } catch (error) {
      if (!(error instanceof ResponseValidationError)) throw error;
      throw new ApiResponseError(answer.status, 'unexpected_response', `${method} ${path}: ${error.message}`);
    }
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Any answer other than the expected success becomes the error the user sees, with the server's own words. */
export function failureOf(response: { status: number; body: unknown }): ApiResponseError {
  const parsed = ErrorSchema.safeParse(response.body);
  if (parsed.success) return new ApiResponseError(parsed.data.status, parsed.data.code, parsed.data.message);
  return new ApiResponseError(
    response.status,
    'unexpected_response',
    `the answer is not an Animal Store error body; is the base address right (it ends in ${API_BASE_PATH})?`,
  );
}
