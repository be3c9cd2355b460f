import type { CallFailure } from './api-error';

/** "in 30 seconds", "in 2 minutes": when to try again, as a person would say it. */
export function inTime(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Plain words for a failed call; `doing` names what was tried ("load the catalogue", "add the animal"). */
export function failureWords(failure: CallFailure, doing: string): string {
  switch (failure.kind) {
    case 'unauthorized':
      return 'The store did not accept this API key. Check it and try again.';
    case 'busy': {
      const when = failure.retryAfterSeconds ? inTime(failure.retryAfterSeconds) : 'in a moment';
      return failure.limited
        ? `Too many requests in a short time. Please try again ${when}.`
        : `The store is busy and could not ${doing}. Please try again ${when}.`;
    }
    case 'unreachable':
      return `The store could not be reached, so this app could not ${doing}. Check the connection and try again.`;
    case 'refused':
      if (failure.body.code === 'insufficient_scope') return `This API key is not allowed to ${doing}.`;
      // The store's own message is written for API clients (it names headers and fields); the form shows the
      // field messages on their fields, and anything else gets one sentence here.
      return `The store refused to ${doing}. Please check what you entered and try again.`;
    case 'unexpected':
      return `The store sent an answer this app does not understand, so it could not ${doing}. It may be running a different version.`;
  }
}
