import { AnimalStoreError } from './animal-store-error.js';

/**
 * The answer of status `status` among a call's possible answers. The fetcher lets only declared successes through,
 * and each operation has one, so this narrows the type; it throws only if the contract gains a second success.
 */
export function successOf<Answer extends { status: number }, Status extends Answer['status']>(
  answer: Answer,
  status: Status,
): Extract<Answer, { status: Status }> {
  if (answer.status !== status) {
    throw new AnimalStoreError({
      code: 'unexpected_response',
      status: answer.status,
      message: `Expected HTTP ${status}, got ${answer.status}.`,
    });
  }
  return answer as Extract<Answer, { status: Status }>;
}
