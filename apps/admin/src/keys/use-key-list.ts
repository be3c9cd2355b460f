import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-client-context';
import type { Environment } from '../config/runtime-config';

function keyListKey(environment: Environment): readonly unknown[] {
  return ['listApiKeys', environment.name, environment.baseUrl];
}

/** Every key of the store, newest first, as the Keys screen lists them. */
export function useKeyList() {
  const { client, environment } = useApi();
  return client.listApiKeys.useQuery({
    queryKey: keyListKey(environment),
    queryData: { query: {} },
    select: (answer) => answer.body,
  });
}

/**
 * Asks for the list again after any change, or any refusal: a key refused as revoked or gone was changed by
 * someone else, and the list should show it as it is now.
 */
export function useRefreshKeyList(): () => Promise<void> {
  const { environment } = useApi();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keyListKey(environment) });
}
