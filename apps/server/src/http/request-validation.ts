import { isUtf8 } from 'node:buffer';
import { BODY_NOT_OBJECT_MESSAGE, FIELD_MESSAGES, isStoreMessage } from '@animal-store/contract';
import type { RequestValidationError } from '@ts-rest/express';
import type { NextFunction, RequestHandler } from 'express';
import { sendError } from './api-error.js';

type Location = 'path' | 'header' | 'query' | 'body';

/** What a message calls a value, the same whether the contract knows it or not: "body field 'name'". */
const NOUNS: Record<Location, string> = {
  path: 'path parameter',
  header: 'header',
  query: 'query parameter',
  body: 'body field',
};

function describeUnknownKey(location: Location, key: string): string {
  if (key === 'id' && location === 'body') return `body field 'id': ${FIELD_MESSAGES.idAssignedByStore}`;
  const rule = location === 'body' ? FIELD_MESSAGES.unknownField : FIELD_MESSAGES.unknownParameter;
  return `${NOUNS[location]} '${key}': ${rule}`;
}

/**
 * A validation issue as ts-rest passes it on: a Standard Schema issue, which Zod fills in with its code and, for an
 * object's unknown fields, their names.
 */
interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  readonly code?: string;
  readonly keys?: readonly string[];
}

/** Where an issue is, as `a.b`: Standard Schema allows a path segment to be an object naming its key. */
const pathOf = (issue: Issue): string =>
  (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');

/** Zod may report several rules broken by one value; the first is enough to fix it, and the message stays short. */
function firstIssuePerField(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const field = issue.keys ? `\0${issue.keys.join()}` : pathOf(issue);
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  });
}

function describeIssues(location: Location, issues: readonly Issue[] = []): string[] {
  const noun = NOUNS[location];
  return firstIssuePerField(issues).flatMap((issue) => {
    if (issue.keys) return issue.keys.map((key) => describeUnknownKey(location, key));
    // The contract words every rule; should a library's own text slip through, the client still gets the store's.
    const rule = isStoreMessage(issue.message) ? issue.message : FIELD_MESSAGES.invalid;
    // A body that is not an object has no field to name: its message is a whole sentence.
    const path = pathOf(issue);
    if (location === 'body' && path === '') return [rule === BODY_NOT_OBJECT_MESSAGE ? rule : `body ${rule}`];
    return [`${noun} '${path}': ${rule}`];
  });
}

/** ts-rest's validation failure, for the one error exit: it is answered there like every other refusal. */
export const passValidationFailureOn = (
  error: RequestValidationError,
  _req: unknown,
  _res: unknown,
  next: NextFunction,
): void => next(error);

/** A validation failure as one message that names every offending field, e.g. "query parameter 'limit': ...". */
export function describeValidationFailure(error: RequestValidationError): string {
  return [
    ...describeIssues('path', error.pathParams?.issues),
    ...describeIssues('header', error.headers?.issues),
    ...describeIssues('query', error.query?.issues),
    ...describeIssues('body', error.body?.issues),
  ].join('; ');
}

/**
 * A body on a mutating request must be UTF-8 JSON: anything else is refused with 415 before it is read. A request
 * without a body passes, to be told by validation that the body is required (400, as the interface says).
 */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  // An empty body (Content-Length: 0, as fetch sends for a bodiless POST) is no body, whatever its type.
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) {
    next();
  } else if (!req.is('application/json')) {
    sendError(
      res,
      'unsupported_media_type',
      'The request body must be JSON, sent as Content-Type: application/json.',
    );
  } else if ((charsetOf(req.headers['content-type']) ?? 'utf-8') !== 'utf-8') {
    // JSON's own encoding (RFC 8259): read as another, a body would store text other than what the client meant.
    sendError(res, 'unsupported_media_type', BODY_NOT_UTF8_MESSAGE);
  } else {
    next();
  }
};

export const BODY_NOT_UTF8_MESSAGE = 'The request body must be UTF-8 JSON.';

/** The `charset` parameter of a Content-Type, lower case; `req.is` has already checked that the header parses. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

/** The type of the error `refuseInvalidUtf8` throws, for the error pipeline. */
export const INVALID_UTF8 = 'entity.utf8.invalid';

/**
 * The body parser's `verify` hook: bytes that are not UTF-8 are refused, where decoding would replace them with
 * U+FFFD and store a name the client never sent.
 */
export function refuseInvalidUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body))
    throw Object.assign(new Error('The request body is not UTF-8.'), { status: 400, type: INVALID_UTF8 });
}
