import { API_BASE_PATH, nextAuditPageLink } from '@animal-store/contract';
import { errorBody } from '../http/api-error.js';
import type { AuditLog } from '../store/audit-log.js';
import type { AuditOperations } from './operation.js';
import { decodeCursor, encodeCursor } from './pagination.js';

/** The audit log of key operations, read newest first; reading it writes nothing, a refusal aside. */
export function auditOperations({
  auditLog,
  publicBaseUrl,
}: {
  auditLog: AuditLog;
  /** Absolute links start with it; without it they are relative, as listPets' are. */
  publicBaseUrl: string | undefined;
}): AuditOperations {
  const eventsUrl = `${publicBaseUrl ?? ''}${API_BASE_PATH}/audit-events`;
  return {
    listAuditEvents: {
      auditedAs: 'audit_events.listed',
      handler: async ({ query, res }) => {
        const { cursor, ...filters } = query;
        // The cursor is the id of the last event of the previous page: the next page holds older ones.
        const beforeId = cursor === undefined ? undefined : decodeCursor(cursor);
        if (cursor !== undefined && beforeId === undefined) {
          return {
            status: 400,
            body: errorBody(
              'invalid_cursor',
              'The cursor is not one this store issued; start again without it.',
            ),
          };
        }
        const page = await auditLog.list({ ...filters, beforeId });
        const last = page.events.at(-1);
        if (page.hasMore && last)
          res.setHeader('Link', nextAuditPageLink(eventsUrl, filters, encodeCursor(last.id)));
        return { status: 200, body: page.events };
      },
    },
  };
}
