import { ErrorSchema } from '@animal-store/contract';
import { expect } from 'vitest';
import type { ZodType } from 'zod';

/**
 * For the fuzz suites: an answer is never a 5xx, and is either its operation's success, in the contract's shape, or
 * an Error whose status repeats the HTTP status. Returns the status and the Error's code, if any.
 */
export async function expectContractShape(
  response: Response,
  success: { status: number; schema: ZodType },
): Promise<{ status: number; code: string | undefined }> {
  expect(response.status).toBeLessThan(500);
  const body = await response.json();
  if (response.status === success.status) {
    success.schema.parse(body);
    return { status: response.status, code: undefined };
  }
  const error = ErrorSchema.strict().parse(body);
  expect(error.status).toBe(response.status);
  return { status: response.status, code: error.code };
}
