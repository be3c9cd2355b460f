import { API_BASE_PATH, ErrorSchema } from '@animal-store/contract/schemas';
import {
  type ApiFetcherArgs,
  ResponseValidationError,
  TsRestResponseValidationError,
  validateResponse,
} from '@ts-rest/core';
import { AnimalStoreError, isContractErrorCode } from './animal-store-error.js';
import { AttemptTimedOut, cancelledCall } from './call-signal.js';
import { retryAfterMs } from './retry-policy.js';

/** What the transport hands back to ts-rest: a success the route declares, its body checked against its schema. */
export interface CheckedAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Sends a request once, on `signal`, and resolves only to a success the contract declares, its body checked
 * against the route's schema; every other outcome rejects with an AnimalStoreError.
 */
export async function attemptOnce(
  fetchFn: typeof fetch,
  request: ApiFetcherArgs,
  signal: AbortSignal,
): Promise<CheckedAnswer> {
  const { route, path, method, headers, body } = request;
  let answer: CheckedAnswer;
  try {
    // Called unbound: a browser's fetch refuses to run as a method of another object.
    const response = await fetchFn(path, { ...request.fetchOptions, method, headers, body, signal });
    answer = {
      status: response.status,
      body: bodyOf(response, await response.text()),
      headers: response.headers,
    };
  } catch (error) {
    throw noAnswer(error, path, signal);
  }
  // An answer the client keeps still holds (If-None-Match): no body to check.
  if (answer.status === 304 && route.responses[304] !== undefined) {
    return { status: 304, body: undefined, headers: answer.headers };
  }
  if (answer.status < 200 || answer.status > 299) throw failureOf(answer);
  if (route.responses[answer.status] === undefined) {
    throw unexpected(
      answer,
      `${method} ${path} answered ${answer.status}, which the contract does not declare.`,
    );
  }
  try {
    const checked = validateResponse({ appRoute: route, response: answer });
    return { status: checked.status, body: checked.body, headers: answer.headers };
  } catch (error) {
    if (!(error instanceof ResponseValidationError || error instanceof TsRestResponseValidationError))
      throw error;
    throw unexpected(answer, `${method} ${path}: the answer does not match the contract: ${error.message}`);
  }
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

function noAnswer(error: unknown, url: string, signal: AbortSignal): AnimalStoreError {
  if (signal.aborted && !(signal.reason instanceof AttemptTimedOut)) return cancelledCall(signal);
  const why = signal.reason instanceof AttemptTimedOut ? signal.reason.message : `${reasonOf(error)}.`;
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
function failureOf(answer: CheckedAnswer): AnimalStoreError {
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

function unexpected(answer: CheckedAnswer, message: string): AnimalStoreError {
  return new AnimalStoreError({ code: 'unexpected_response', message, ...facts(answer) });
}

/** What every error made from an answer carries. */
const facts = (answer: CheckedAnswer) => ({
  status: answer.status,
  requestId: answer.headers.get('x-request-id') ?? undefined,
  retryAfterMs: retryAfterMs(answer.headers.get('retry-after')),
});
