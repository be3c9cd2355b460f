import { formatLink, GET_PET_DEPRECATED_SINCE, GET_PET_SUNSET } from '@animal-store/contract';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { type HeaderBlock, headersOneByOne } from '../http/header-block.js';
import { requestContext } from '../http/request-context.js';
import type { KeyUsage } from '../keys/key-usage.js';
import type { TraceIds } from '../observability/tracing-interface.js';

/** One log line per client per interval is enough to find who still calls getPet, without flooding the log. */
const LOG_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Marks every response of a deprecated operation (RFC 9745 `Deprecation`, RFC 8594 `Sunset`, a successor link),
 * records on the key when it last called one (the admin's list of keys shows it), and logs, at most hourly per API
 * key, which clients still call it (with the call's trace ids when tracing is on).
 */
export function deprecated(options: {
  successor: string;
  logger: Logger;
  operation: string;
  keyUsage: KeyUsage;
  headerBlock?: HeaderBlock;
  /** With tracing on: the request's trace ids, so that the line leads to the call's trace. */
  traceIdsOf?: (res: Response) => TraceIds | undefined;
}): RequestHandler {
  const lastLoggedAt = new Map<string, number>();
  const setDeprecationHeaders = (options.headerBlock ?? headersOneByOne)([
    ['Deprecation', `@${GET_PET_DEPRECATED_SINCE.getTime() / 1000}`],
    ['Sunset', GET_PET_SUNSET.toUTCString()],
    ['Link', formatLink(options.successor, 'successor-version')],
  ]);
  return (_req, res, next) => {
    setDeprecationHeaders(res);
    res.on('finish', () => {
      const { client } = requestContext(res);
      if (!client) return;
      const now = Date.now();
      options.keyUsage.recordDeprecatedCall(client, now);
      if (now - (lastLoggedAt.get(client.keyId) ?? 0) < LOG_INTERVAL_MS) return;
      lastLoggedAt.set(client.keyId, now);
      options.logger.warn(
        {
          operation: options.operation,
          apiKeyId: client.keyId,
          apiKeyName: client.name,
          sunset: GET_PET_SUNSET,
          ...options.traceIdsOf?.(res),
        },
        'deprecated operation called',
      );
    });
    next();
  };
}
