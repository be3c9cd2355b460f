import { inKiB, MAX_BODY_BYTES } from '@animal-store/contract';
import { RequestValidationError } from '@ts-rest/express';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { isDatabaseUnavailable, isStorageFailure } from '../database/database-errors.js';
import { sendError } from './api-error.js';
import { requestContext } from './request-context.js';
import { errorTypeOf, tellRequestEvent } from './request-events.js';
import { BODY_NOT_UTF8_MESSAGE, describeValidationFailure, INVALID_UTF8 } from './request-validation.js';

/** A pool reconnects within seconds once the database is back. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one error exit: validation failures, body-parser failures and anything thrown become an Error body. Unknown
 * failures are logged with the request id and answered with a generic 500, never with details.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (res.headersSent) {
      // The answer has begun and cannot change. Express's own handler would print the stack to stderr: the
      // request log records how this one ended, and an unfinished answer is cut so the client sees it failed.
      if (!res.writableEnded) res.destroy();
      return;
    }
    const req = { id: requestContext(res).requestId };
    const type = (error as { type?: string }).type;
    const status = (error as { status?: number }).status;
    if (error instanceof RequestValidationError) {
      sendError(res, 'validation_failed', describeValidationFailure(error));
    } else if (type === 'entity.parse.failed') {
      sendError(res, 'malformed_json', 'The request body is not valid JSON.');
    } else if (type === INVALID_UTF8) {
      sendError(res, 'malformed_json', 'The request body is not valid UTF-8.');
    } else if (type === 'entity.too.large') {
      sendError(res, 'payload_too_large', `The request body is larger than ${inKiB(MAX_BODY_BYTES)}.`);
    } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      sendError(res, 'unsupported_media_type', BODY_NOT_UTF8_MESSAGE);
    } else if (status !== undefined && status >= 400 && status < 500) {
      // The request could not be read as sent: aborted, wrong length, undecodable path.
      sendError(res, 'bad_request', 'The request could not be read.');
    } else if (isStorageFailure(error)) {
      // A full disk or a read-only file: writes fail until an operator acts, reads are still served.
      logger.error({ err: error, req }, 'database cannot store data');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      sendError(res, 'service_unavailable', 'The database cannot store changes right now; retry shortly.');
    } else if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, req }, 'database unavailable');
      tellRequestEvent(res, {
        kind: 'database_unavailable',
        errorType: errorTypeOf(error),
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      sendError(res, 'service_unavailable', 'The database cannot be reached; retry shortly.');
    } else {
      logger.error({ err: error, req }, 'unexpected failure');
      sendError(
        res,
        'internal_error',
        `An unexpected error occurred; quote request id ${req.id} when reporting it.`,
      );
    }
  };
}
