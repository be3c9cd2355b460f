import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { describeFailure } from './api-error';

/**
 * One QueryClient for the tab. Any call refused with 401, wherever it was made, ends the session: the key was
 * revoked, and showing stale data behind it would mislead.
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (describeFailure(error).kind === 'unauthorized') onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      // The store's client already repeated whatever may get better by asking again (api-client.ts); a failure
      // that reaches the screen is final, and repeating it here would only keep the admin waiting longer.
      queries: { retry: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
