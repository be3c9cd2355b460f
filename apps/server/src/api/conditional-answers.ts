import type { Response } from 'express';
import { AnswerBody } from '../http/answer-body.js';
import { requestContext } from '../http/request-context.js';
import type { Answer } from './kept-answers.js';

/**
 * A client may keep an answer of the catalogue, and asks with its `ETag` before using it again: a page's answer
 * changes while it is the last, and a check by the client would cost no less than the 304 that answers it.
 */
const CATALOGUE_CACHE_CONTROL = 'private, no-cache';

/** Whether `If-None-Match` names `etag`: by weak comparison, as RFC 9110 §13.1.2 asks of a GET. */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag || ifNoneMatch === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Answers with `answer`: 304 without a body when the client holds it already, which then does not count against
 * the key's rate limit; else its bytes, as they are.
 */
export function answerWith<Body>(
  res: Response,
  /** As ts-rest types a header; the contract's schema has made it text by now. */
  ifNoneMatch: string | string[] | undefined,
  answer: Answer,
): { status: 200; body: Body } | { status: 304; body: undefined } {
  res.setHeader('ETag', answer.etag);
  res.setHeader('Cache-Control', CATALOGUE_CACHE_CONTROL);
  if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, answer.etag)) {
    requestContext(res).uncount?.();
    return { status: 304, body: undefined };
  }
  if (answer.link !== undefined) res.setHeader('Link', answer.link);
  // The contract's type for the body it stands for: the bytes are that body serialised.
  return { status: 200, body: new AnswerBody(answer.bytes) as Body };
}
