import type { ApiKey } from '@animal-store/contract';
import { useApi } from '../api/api-client-context';
import { rangeSince, type UsageRange } from './usage-ranges';

/**
 * A stored key's hourly usage over `range`, ending now (`getApiKeyUsage`). Keyed by environment, key and range: the
 * row's sparkline and the details' chart of the same range share one answer.
 */
export function useKeyUsage(keyId: ApiKey['id'], range: UsageRange, enabled = true) {
  const { client, environment } = useApi();
  return client.getApiKeyUsage.useQuery({
    queryKey: ['getApiKeyUsage', environment.name, environment.baseUrl, String(keyId), range.id],
    // Read at each render, so that a refetch (a return to the tab) asks for the range ending then.
    queryData: { params: { keyId: String(keyId) }, query: { since: rangeSince(range, Date.now()) } },
    select: (answer) => answer.body,
    enabled,
  });
}
