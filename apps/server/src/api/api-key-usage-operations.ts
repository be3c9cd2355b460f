import { KEY_USAGE_RETENTION_DAYS, FIELD_MESSAGES as M } from '@animal-store/contract';
import { errorBody } from '../http/api-error.js';
import type { ApiKeyRepository } from '../store/api-key-repository.js';
import { HOUR_MS, type KeyUsageRepository } from '../store/key-usage-repository.js';
import type { ApiKeyUsageOperations } from './operation.js';

const DAY_MS = 24 * HOUR_MS;

/** Without `since`, a range starts this long before its end: the week the admin app's sparkline shows. */
const DEFAULT_RANGE_MS = 7 * DAY_MS;

const refusedSince = (rule: string) => ({
  status: 400 as const,
  body: errorBody('validation_failed', `query parameter 'since': ${rule}`),
});

/** A stored key's requests by hour, read from what every worker has written; reading writes nothing. */
export function apiKeyUsageOperations({
  apiKeys,
  keyUsage,
}: {
  apiKeys: Pick<ApiKeyRepository, 'findById'>;
  keyUsage: Pick<KeyUsageRepository, 'hoursOf'>;
}): ApiKeyUsageOperations {
  return {
    getApiKeyUsage: {
      handler: async ({ params, query }) => {
        const untilMs = query.until === undefined ? Date.now() : Date.parse(query.until);
        const sinceMs = query.since === undefined ? untilMs - DEFAULT_RANGE_MS : Date.parse(query.since);
        // Judged on the instants as asked; the hours returned then widen them to whole hours.
        if (sinceMs >= untilMs) return refusedSince(M.usageRangeBackwards);
        if (untilMs - sinceMs > KEY_USAGE_RETENTION_DAYS * DAY_MS) return refusedSince(M.usageRangeTooLong);
        const keyId = params.keyId;
        if (!(await apiKeys.findById(keyId))) {
          return { status: 404, body: errorBody('api_key_not_found', `No API key has id ${keyId}.`) };
        }
        const firstHourMs = Math.floor(sinceMs / HOUR_MS) * HOUR_MS;
        const endMs = Math.ceil(untilMs / HOUR_MS) * HOUR_MS;
        const hours = await keyUsage.hoursOf(keyId, firstHourMs, endMs);
        return {
          status: 200,
          body: {
            keyId,
            since: new Date(firstHourMs).toISOString(),
            until: new Date(endMs).toISOString(),
            hours,
          },
        };
      },
    },
  };
}
