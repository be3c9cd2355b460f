import type { AuditAction, AuditEvent } from '@animal-store/contract/schemas';
import type { CallOptions } from './options.js';
import type { Listing } from './paging.js';

export interface ListAuditEventsOptions {
  /** Only events acting on this key, made by it, or a rotation making it: a stored key's id, or `env-1`… */
  keyId?: number | string;
  /** Only events of this action. */
  action?: AuditAction;
  /** Only events at or after this instant. */
  since?: Date | string;
  /** Only events before this instant. */
  until?: Date | string;
  /** Events per page, 1 to 100; the store's default (20) when absent. */
  limit?: number;
}

export interface AuditEventPageOptions extends ListAuditEventsOptions {
  /** Where the page starts: a previous page's `nextCursor`; the first page when absent. */
  cursor?: string;
}

/** One page of audit events, newest first, and the cursor of the next (older) one: undefined on the last page. */
export interface AuditEventPage {
  events: AuditEvent[];
  nextCursor: string | undefined;
}

/** The audit log of key operations; every method needs a key with the `keys:manage` scope. */
export interface AuditEventsApi {
  /** Every matching event, newest first, following each page's `Link: rel="next"` to the oldest. */
  list(query?: ListAuditEventsOptions, options?: CallOptions): Listing<AuditEvent>;
  /** One page of events. */
  page(query?: AuditEventPageOptions, options?: CallOptions): Promise<AuditEventPage>;
}
