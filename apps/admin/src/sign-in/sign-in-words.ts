import type { CallFailure } from '../api/api-error';
import { failureWords, inTime } from '../api/failure-words';

/** Why signing in did not work, in the admin's words. */
export function signInProblem(failure: CallFailure): string {
  switch (failure.kind) {
    case 'unauthorized':
      return 'This API key is not valid for this store. Check it and try again.';
    case 'busy':
      return failure.limited
        ? `Too many sign-in attempts. Please try again ${failure.retryAfterSeconds ? inTime(failure.retryAfterSeconds) : 'in a moment'}.`
        : failureWords(failure, 'check the key');
    default:
      return failureWords(failure, 'check the key');
  }
}
