import type { RequestValidationError } from '@ts-rest/express';
import type { RequestHandler, Response } from 'express';
import type { ZodIssue } from 'zod';
import { sendError } from './api-error.js';

function describeUnknownKey(location: string, key: string): string {
  return key === 'id' && location === 'body'
    ? "body field 'id': is assigned by the store and must not be sent"
    : `${location} '${key}': is not a known ${location === 'body' ? 'field' : 'parameter'}`;
}

/** Zod may report several rules broken by one value; the first is enough to fix it, and the message stays short. */
function firstIssuePerField(issues: readonly ZodIssue[]): ZodIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const field = issue.code === 'unrecognized_keys' ? `\0${issue.keys.join()}` : issue.path.join('.');
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  });
}

function describeIssues(
  location: 'path' | 'header' | 'query' | 'body',
  issues: readonly ZodIssue[] = [],
): string[] {
  const noun = { path: 'path parameter', header: 'header', query: 'query parameter', body: 'body field' }[
    location
  ];
  return firstIssuePerField(issues).flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => describeUnknownKey(location, key));
    if (location === 'body' && issue.path.length === 0)
      return ['The request body is required and must be a JSON object.'];
    return [`${noun} '${issue.path.join('.')}': ${issue.message}`];
  });
}

/** ts-rest's validation failure as a 400 that names every offending field, e.g. "query parameter 'limit': ...". */
export function validationErrorHandler(error: RequestValidationError, _req: unknown, res: Response): void {
  const messages = [
    ...describeIssues('path', error.pathParams?.issues),
    ...describeIssues('header', error.headers?.issues),
    ...describeIssues('query', error.query?.issues),
    ...describeIssues('body', error.body?.issues),
  ];
  sendError(res, 'validation_failed', messages.join('; '));
}

/**
 * A body on a mutating request must be JSON: anything else is refused with 415 before it is read. A request
 * without a body passes, to be told by validation that the body is required (400, as the interface says).
 */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  // An empty body (Content-Length: 0, as fetch sends for a bodiless POST) is no body, whatever its type.
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !req.is('application/json')) {
    sendError(
      res,
      'unsupported_media_type',
      'The request body must be JSON, sent as Content-Type: application/json.',
    );
    return;
  }
  next();
};
