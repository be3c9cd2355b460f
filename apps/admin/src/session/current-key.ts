import type { ApiKey, ApiKeyScope } from '@animal-store/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-client-context';
import type { Environment } from '../config/runtime-config';

/** Cached per environment; the query client is cleared whenever a key leaves the tab, so it is the key's own. */
export function currentKeyQueryKey(environment: Environment): readonly unknown[] {
  return ['getCurrentApiKey', environment.name, environment.baseUrl];
}

/**
 * What the signed-in key may do, asked of the store rather than guessed, so that the app offers only what the
 * store will allow. A key's scopes never change (a rotation keeps them), so the answer is never stale: sign-in
 * puts it in the cache, and a reload asks once.
 */
export function useCurrentKey() {
  const { client, environment } = useApi();
  return useQuery<ApiKey>({
    queryKey: currentKeyQueryKey(environment),
    queryFn: ({ signal }) => client.apiKeys.current({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether the key's scopes include `scope`; nothing is allowed while they are unknown. */
export function allows(scopes: readonly ApiKeyScope[] | undefined, scope: ApiKeyScope): boolean {
  return scopes?.includes(scope) === true;
}
