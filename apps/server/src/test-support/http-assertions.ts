import { ErrorSchema } from '@animal-store/contract';
import { expect } from 'vitest';

/** What a client sees of a response, in one value so that a test asserts status, type and body together. */
export interface SeenResponse {
  status: number;
  contentType: string | null;
  body: unknown;
}

export async function see(response: Response): Promise<SeenResponse> {
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  return {
    status: response.status,
    contentType,
    body: contentType?.startsWith('application/json') && text !== '' ? JSON.parse(text) : text,
  };
}

/** The interface's Error body with a given status and code, its message matching `message` when given. */
export function anError(status: number, code: string, message: RegExp | string = /\S/) {
  return {
    status,
    contentType: 'application/json; charset=utf-8',
    body: { code, message: typeof message === 'string' ? message : expect.stringMatching(message), status },
  };
}

/** A JSON success response whose body is exactly `body`. */
export function aJson(status: number, body: unknown) {
  return { status, contentType: 'application/json; charset=utf-8', body };
}

/** Asserts that a body is an Error in the contract's shape whose status repeats the HTTP status. */
export function expectContractError(seen: SeenResponse): void {
  expect(seen.contentType).toBe('application/json; charset=utf-8');
  expect(ErrorSchema.strict().parse(seen.body).status).toBe(seen.status);
}
