import { requestContext } from '../http/request-context.js';
import type { HourlyKeyUsage } from '../keys/hourly-key-usage.js';
import type { RequestObserver } from './observe-requests.js';

/**
 * Counts every answered request of a stored key by its status, from the listener the first step has on every
 * response anyway. A request whose key is not known (no key, an unknown or revoked one) counts for no key; a key
 * set by API_KEYS has no stored id, and no row to count in.
 */
export function countKeyUsage(usage: HourlyKeyUsage): RequestObserver {
  return {
    finished(_req, res) {
      const storedId = requestContext(res).client?.storedId;
      if (storedId !== undefined) usage.count(storedId, res.statusCode);
    },
  };
}
