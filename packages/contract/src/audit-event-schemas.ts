import { z } from 'zod';
import { ISO_INSTANT } from './api-key-schemas.js';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_OUTCOMES } from './audit-actions.js';
import { LIST_LIMIT } from './limits.js';
import { FIELD_MESSAGES as M } from './messages.js';
import { ListLimitSchema, singleQueryValue } from './schemas.js';

const SHA256_HEX = z.string().regex(/^[0-9a-f]{64}$/);

/** One recorded key operation, done or refused. It never holds a secret. */
export const AuditEventSchema = z.object({
  id: z
    .number()
    .int()
    .positive()
    .describe('The place of the event in the chain: each event has the next id, whatever instance wrote it.'),
  at: z.iso.datetime({ offset: true }).describe('When the operation happened, to the millisecond (UTC).'),
  action: z.enum(AUDIT_ACTIONS).describe('What was done or tried.'),
  outcome: z.enum(AUDIT_OUTCOMES).describe('`done`, or `refused` with the error code in `code`.'),
  code: z.string().nullable().describe('The error code the caller was answered with; null when done.'),
  actor: z
    .object({
      type: z
        .enum(AUDIT_ACTOR_TYPES)
        .describe(
          'A stored `key`, a `configured_key` of the `API_KEYS` setting, or an `operator` command on the server.',
        ),
      keyId: z
        .string()
        .nullable()
        .describe(
          "The acting key's id as text, as the `keyId` filter takes it: `12` for a stored key, `env-1` for a " +
            'configured key; null for an operator.',
        ),
      name: z
        .string()
        .describe("The acting key's name when it acted, or the operator's command and user name."),
    })
    .describe('Who acted.'),
  keyId: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('The stored key acted on; null when none was named (a list, a store loaded).'),
  successorId: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('The key a rotation made; null for every other event.'),
  requestId: z
    .string()
    .nullable()
    .describe(
      "The request's `X-Request-Id`, as its answer and the log show it; null for an operator command.",
    ),
  clientAddress: z
    .string()
    .nullable()
    .describe(
      "The caller's address, by the `TRUST_PROXY` rule the log follows; null for an operator command.",
    ),
  userAgent: z.string().nullable().describe("The caller's `User-Agent`; null when it sent none."),
  previousHash: SHA256_HEX.describe(
    'The `hash` of the event before this one in the chain (64 zeros for the first).',
  ),
  hash: SHA256_HEX.describe(
    'SHA-256 (hex) of the canonical form of this event, which includes `previousHash`: keep the newest to prove ' +
      'later that nothing before it changed (docs/keys.md, "Verifying the audit log").',
  ),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventListSchema = z.array(AuditEventSchema);

/** A key id as the audit log names actors and targets: a stored key's digits, or `env-N` for a configured key. */
const AuditKeyIdSchema = singleQueryValue().regex(
  /^(?:[1-9][0-9]{0,15}|env-[1-9][0-9]{0,3})$/,
  M.notAuditKeyId,
);

/** An instant in a query: as a key's `expiresAt` is sent. */
export const QueryInstantSchema = singleQueryValue().regex(ISO_INSTANT, M.notDateTime);

export const ListAuditEventsQuerySchema = z.strictObject(
  {
    limit: ListLimitSchema.default(LIST_LIMIT.default).describe('Maximum number of events returned.'),
    keyId: AuditKeyIdSchema.optional().describe('Only events acting on this key, made by it, or making it.'),
    action: z
      .enum(AUDIT_ACTIONS, { error: (issue) => (Array.isArray(issue.input) ? M.repeated : M.notAuditAction) })
      .optional()
      .describe('Only events of this action.'),
    since: QueryInstantSchema.optional().describe('Only events at or after this instant (ISO 8601).'),
    until: QueryInstantSchema.optional().describe('Only events before this instant (ISO 8601).'),
    cursor: singleQueryValue()
      .min(1, M.empty)
      .optional()
      .describe('Opaque position from the `next` link of a previous page; absent for the first page.'),
  },
  { error: M.unknownParameter },
);
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuerySchema>;
