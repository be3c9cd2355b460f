import { type ApiError, ERROR_CODES, type ErrorCode } from '@animal-store/contract';
import type { Response } from 'express';

/** The one Error body of the interface; `status` always repeats the HTTP status of its code. */
export function errorBody(code: ErrorCode, message: string): ApiError {
  return { code, message, status: ERROR_CODES[code].status };
}

export function sendError(res: Response, code: ErrorCode, message: string): void {
  const body = errorBody(code, message);
  res.status(body.status).json(body);
}
