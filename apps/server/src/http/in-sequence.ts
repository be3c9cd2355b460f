import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middleware one after the other as a single Express layer. Each still reads as its own step, but a request
 * pays the router's per-layer bookkeeping (path matching, parameter handling, promise checks) once instead of once
 * per step: on the API's hot path that bookkeeping cost more than the steps themselves (docs/performance.md).
 * A step that fails, by calling `next(error)`, throwing or rejecting, ends the sequence in the error pipeline.
 */
export function inSequence(...steps: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let position = 0;
    const runNext = (error?: unknown): void => {
      // As in Express, only a truthy argument leaves the sequence (an error, or 'route'); `next(null)` goes on.
      if (error) {
        next(error);
        return;
      }
      const step = steps[position++];
      if (!step) {
        next();
        return;
      }
      try {
        const result: unknown = step(req, res, runNext);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    runNext();
  };
}
