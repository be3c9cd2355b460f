import { type ApiKey, LASTING_MANAGER_HOURS } from '@animal-store/contract';
import type { CallFailure } from '../api/api-error';
import { failureWords } from '../api/failure-words';

/** How a key is named on buttons and in confirmations: two keys may share a name (a rotation keeps it). */
export function keyLabel(key: Pick<ApiKey, 'name' | 'prefix'>): string {
  return `“${key.name}” (${key.prefix}…)`;
}

/** Plain words for a failed key operation; `doing` names it ("revoke the key"). */
export function keyProblem(failure: CallFailure, doing: string): string {
  if (failure.kind === 'refused') {
    switch (failure.body.code) {
      case 'last_key_manager':
        return `This is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} hours, so it cannot be revoked: nobody could manage keys afterwards. Create another key with keys:manage that does not expire sooner first.`;
      case 'api_key_inactive':
        return 'This key has been revoked or has expired in the meantime, so it cannot be rotated. The list shows its state now.';
      case 'api_key_rotated':
        return 'This key has been rotated already: rotate its successor, which has its name, scopes and expiry. The list shows both.';
      case 'api_key_not_found':
        return 'The store no longer has this key. The list shows the keys it has now.';
    }
  }
  return failureWords(failure, doing);
}

/**
 * Plain words for a failed key creation or rotation. These are sent once (decision 055): after a 503 or no answer at
 * all the store may have made the key whose secret never arrived, so the admin is sent to the list, not to retry.
 */
export function keyWriteProblem(failure: CallFailure, doing: 'create the key' | 'rotate the key'): string {
  const unsure = failure.kind === 'unreachable' || (failure.kind === 'busy' && !failure.limited);
  if (!unsure) return keyProblem(failure, doing);
  return (
    `The answer was lost, so this app cannot tell whether the store could ${doing}. The list shows the keys it ` +
    'has now: revoke a new key whose secret you were not shown, then try again.'
  );
}

/**
 * Plain words for a refused change of a key's name or policy: the last-manager rule covers network lists too, so a
 * change may not leave nobody able to manage keys from where they are.
 */
export function keyChangeProblem(failure: CallFailure): string {
  if (failure.kind === 'refused') {
    switch (failure.body.code) {
      case 'last_key_manager':
        return `This change would leave no active key that can manage keys, lasts more than ${LASTING_MANAGER_HOURS} hours and may be used from where you are now, so nobody could manage keys afterwards. Allow this address in the networks, or give another key that can manage keys access first.`;
      case 'api_key_inactive':
        return 'This key has been revoked or has expired in the meantime, so it cannot be changed. The list shows its state now.';
    }
  }
  return keyProblem(failure, 'change the key');
}
