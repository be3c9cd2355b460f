import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { inSequence } from './in-sequence.js';

const req = {} as Request;
const res = {} as Response;

/** Runs the sequence and resolves with what it passed to the outer `next`. */
function run(handler: RequestHandler): Promise<unknown[]> {
  return new Promise((resolve) => {
    handler(req, res, ((...args: unknown[]) => resolve(args)) as NextFunction);
  });
}

describe('inSequence', () => {
  it('runs every step in order, synchronous and asynchronous, then continues', async () => {
    const order: string[] = [];
    const outcome = await run(
      inSequence(
        (_req, _res, next) => {
          order.push('first');
          next();
        },
        async (_req, _res, next) => {
          await Promise.resolve();
          order.push('second');
          next();
        },
        (_req, _res, next) => {
          order.push('third');
          next();
        },
      ),
    );
    expect(order).toStrictEqual(['first', 'second', 'third']);
    expect(outcome).toStrictEqual([]);
  });

  it('goes on after next(null) or next(undefined), as Express does', async () => {
    const order: string[] = [];
    const outcome = await run(
      inSequence(
        (_req, _res, next) => next(null),
        (_req, _res, next) => next(undefined),
        (_req, _res, next) => {
          order.push('third');
          next();
        },
      ),
    );
    expect(order).toStrictEqual(['third']);
    expect(outcome).toStrictEqual([]);
  });

  it('stops at a step that answers without calling next', async () => {
    const order: string[] = [];
    let answered = false;
    const handler = inSequence(
      (_req, _res, next) => {
        order.push('first');
        next();
      },
      () => {
        order.push('answers');
        answered = true;
      },
      (_req, _res, next) => {
        order.push('never');
        next();
      },
    );
    handler(req, res, () => order.push('outer next'));
    await Promise.resolve();
    expect(answered).toBe(true);
    expect(order).toStrictEqual(['first', 'answers']);
  });

  it('hands an error passed on, thrown or rejected to the error pipeline and runs no further step', async () => {
    const failure = new Error('boom');
    const never: RequestHandler = () => {
      throw new Error('a step after a failure ran');
    };
    expect(await run(inSequence((_req, _res, next) => next(failure), never))).toStrictEqual([failure]);
    expect(
      await run(
        inSequence(() => {
          throw failure;
        }, never),
      ),
    ).toStrictEqual([failure]);
    expect(
      await run(
        inSequence(async () => {
          throw failure;
        }, never),
      ),
    ).toStrictEqual([failure]);
  });
});
