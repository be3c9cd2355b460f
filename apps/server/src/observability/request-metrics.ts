import { requestContext } from '../http/request-context.js';
import type { PendingCount } from './counter-counted-at-scrape.js';
import { type Metrics, OPERATIONS, type Operation } from './metrics.js';
import type { RequestObserver } from './observe-requests.js';

const COLLECTION = '/v1/pets';

/** The operation a request asks for, read from its method and path alone: a refused request never reaches a route. */
export function operationOf(method: string, url: string): Operation {
  if (!url.startsWith(COLLECTION)) return 'other';
  const rest = url.slice(COLLECTION.length);
  const end = rest.indexOf('?');
  const path = end === -1 ? rest : rest.slice(0, end);
  if (path === '' || path === '/') {
    if (method === 'GET') return 'listPets';
    return method === 'POST' ? 'createPet' : 'other';
  }
  return method === 'GET' && path.lastIndexOf('/') === 0 ? 'getPet' : 'other';
}

/** An operation's series, bound to their labels once. */
interface OperationSeries {
  duration: { observe(seconds: number): void };
  byStatus: Map<number, PendingCount>;
}

/**
 * Counts every request the app answers: by operation and status, its latency, those in flight, refusals,
 * idempotent replays and deprecated calls. The series are looked up once per operation, status and API key, and
 * counted as plain numbers until a scrape (counter-counted-at-scrape.ts), so that a request costs a few additions
 * and one histogram observation, without label objects. It
 * observes requests from the listener the first step has on every response anyway: a listener of its own, and a
 * layer of its own in the app, cost about as much as the counting.
 */
export function requestMetrics(metrics: Metrics): RequestObserver {
  const bound = {} as Record<Operation, OperationSeries>;
  for (const operation of OPERATIONS) {
    bound[operation] = { duration: metrics.duration.labels(operation), byStatus: new Map() };
  }
  const deprecatedCallsByKey = new Map<string, PendingCount>();
  const rateLimited = metrics.rejections.series('rate_limit');
  const authFailed = metrics.rejections.series('auth_failure');

  return {
    arrived() {
      metrics.inFlight.count += 1;
    },
    finished(req, res, elapsedMs) {
      metrics.inFlight.count -= 1;
      // The URL as received: routing strips mount paths from `req.url` while it runs.
      const operation = operationOf(req.method, req.originalUrl);
      const series = bound[operation];
      series.duration.observe(elapsedMs / 1000);
      const status = res.statusCode;
      let requests = series.byStatus.get(status);
      if (requests === undefined) {
        requests = metrics.requests.series(operation, String(status));
        series.byStatus.set(status, requests);
      }
      requests.pending += 1;
      if (status === 429) rateLimited.pending += 1;
      else if (status === 401) authFailed.pending += 1;
      else if (operation === 'createPet' && res.getHeader('idempotent-replayed') === 'true') {
        metrics.idempotentReplays.inc();
      }
      if (operation === 'getPet') {
        const { client } = requestContext(res);
        if (client) {
          let calls = deprecatedCallsByKey.get(client.keyId);
          if (calls === undefined) {
            calls = metrics.deprecatedCalls.series('getPet', client.keyId);
            deprecatedCallsByKey.set(client.keyId, calls);
          }
          calls.pending += 1;
        }
      }
    },
  };
}
