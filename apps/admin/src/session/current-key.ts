import type { ApiKey, ApiKeyScope } from '@animal-store/contract';
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
  return client.getCurrentApiKey.useQuery({
    queryKey: currentKeyQueryKey(environment),
    queryData: { query: {} },
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.body,
  });
}

/** Whether the key's scopes include `scope`; nothing is allowed while they are unknown. */
export function allows(scopes: readonly ApiKeyScope[] | undefined, scope: ApiKeyScope): boolean {
  return scopes?.includes(scope) === true;
}

/**
 * The sign-in check's answer, kept as the hooks keep an answer (the body beside its status), so that the first
 * signed-in screen already knows what the key may do.
 */
export const acceptedKeyAnswer = (accepted: ApiKey) =>
  ({ status: 200, body: accepted, headers: new Headers() }) as const;
