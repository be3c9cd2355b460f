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
      queries: {
        // A refused key or a bad request will not get better by asking again; a flaky network might.
        retry: (failureCount, error) => error instanceof Error && failureCount < 2,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
