import { API_BASE_PATH, ErrorSchema, storeContract } from '@animal-store/contract';
import { type ApiFetcher, initClient, ResponseValidationError, validateResponse } from '@ts-rest/core';
import { AnimalStoreError, isContractErrorCode } from './animal-store-error.js';
import { AttemptTimedOut, cancelledCall } from './call-signal.js';
import type { AnimalStoreClientOptions } from './options.js';
import { retryAfterMs } from './retry-policy.js';

/**
 * The contract's operations as ts-rest calls them, on a fetcher that resolves only to a success the contract
 * declares, its body checked against the route's schema, and rejects with an AnimalStoreError otherwise.
 */
export function storeCalls(options: AnimalStoreClientOptions) {
  return initClient(storeContract, {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    baseHeaders: { authorization: `Bearer ${options.apiKey}` },
    api: checkedFetcher(options.fetch ?? globalThis.fetch),
  });
}

export type StoreCalls = ReturnType<typeof storeCalls>;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

function checkedFetcher(fetchFn: typeof fetch): ApiFetcher {
  return async ({ route, path, method, headers, body, fetchOptions }) => {
    const signal = fetchOptions?.signal ?? undefined;
    let answer: Answer;
    try {
      // Called unbound: a browser's fetch refuses to run as a method of another object.
      const response = await fetchFn(path, { method, headers, body, signal });
      answer = {
        status: response.status,
        body: bodyOf(response, await response.text()),
        headers: response.headers,
      };
    } catch (error) {
      throw noAnswer(error, path, signal);
    }
    if (answer.status < 200 || answer.status > 299) throw failureOf(answer);
    if (route.responses[answer.status] === undefined) {
      throw unexpected(
        answer,
        `${method} ${path} answered ${answer.status}, which the contract does not declare.`,
      );
    }
    try {
      const { status, body } = validateResponse({ appRoute: route, response: answer });
      return { status, body, headers: answer.headers };
    } catch (error) {
      if (!(error instanceof ResponseValidationError)) throw error;
      throw unexpected(answer, `${method} ${path}: the answer does not match the contract: ${error.message}`);
    }
  };
}

/** JSON when the answer says so (and is), the text otherwise. */
function bodyOf(response: Response, text: string): unknown {
  if (!/^application\/(.+\+)?json\b/.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function noAnswer(error: unknown, url: string, signal: AbortSignal | undefined): AnimalStoreError {
  if (signal?.aborted && !(signal.reason instanceof AttemptTimedOut)) return cancelledCall(signal);
  const why = signal?.reason instanceof AttemptTimedOut ? signal.reason.message : `${reasonOf(error)}.`;
  const [address] = url.split('?');
  return new AnimalStoreError({
    code: 'unreachable',
    status: 0,
    message: `Could not reach ${address}: ${why}`,
    cause: error,
  });
}

/** Node's fetch hides the system's reason (ECONNREFUSED, ENOTFOUND) in its error's cause; browsers give none. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A store's refusal, in its own words; an answer without the contract's Error body is unexpected. */
function failureOf(answer: Answer): AnimalStoreError {
  const error = ErrorSchema.safeParse(answer.body);
  if (!error.success) {
    return unexpected(
      answer,
      `HTTP ${answer.status} without an Animal Store error body; is the base URL right (it ends in ${API_BASE_PATH})?`,
    );
  }
  const { code, message } = error.data;
  if (!isContractErrorCode(code))
    return unexpected(answer, `${message} (code ${code}, unknown to this client)`);
  return new AnimalStoreError({ code, message, ...facts(answer) });
}

function unexpected(answer: Answer, message: string): AnimalStoreError {
  return new AnimalStoreError({ code: 'unexpected_response', message, ...facts(answer) });
}

/** What every error made from an answer carries. */
const facts = (answer: Answer) => ({
  status: answer.status,
  requestId: answer.headers.get('x-request-id') ?? undefined,
  retryAfterMs: retryAfterMs(answer.headers.get('retry-after')),
});
