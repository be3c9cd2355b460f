import { type ApiError, ERROR_CODES, type ErrorCode } from '@animal-store/contract';
import type { Request, Response } from 'express';

/** The one Error body of the interface; `status` always repeats the HTTP status of its code. */
export function errorBody(code: ErrorCode, message: string): ApiError {
  return { code, message, status: ERROR_CODES[code].status };
}

export function sendError(res: Response, code: ErrorCode, message: string): void {
  const body = errorBody(code, message);
  res.status(body.status).json(body);
}

/** The last handler under a path (the application, or /v1): nothing there answered. */
export function answerRouteNotFound(req: Request, res: Response): void {
  sendError(res, 'route_not_found', `No operation at ${req.method} ${req.baseUrl}${req.path}.`);
}
