import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createApiClient } from './api/api-client';
import { ApiClientProvider } from './api/api-client-context';
import { createQueryClient } from './api/query-client';

const ENVIRONMENT = { name: 'production', baseUrl: 'https://production.example.test/v1' };

/** An answer of the store as `fetch` gives it. */
export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Renders `ui` as a signed-in screen would have it (the query client, the store's hooks) over a `fetch` that
 * `answer` plays the store in; the stub is removed by the test's `vi.unstubAllGlobals()`. Returns the requests made.
 */
export function renderWithStore(
  ui: ReactNode,
  answer: (url: URL, init: RequestInit | undefined) => Response,
) {
  const requests: { url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const sent = input instanceof Request ? { method: input.method, body: await input.text() } : init;
      requests.push({ url, init: sent });
      return answer(url, sent);
    }),
  );
  const client = createApiClient(ENVIRONMENT.baseUrl, 'a-key');
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <ApiClientProvider client={client} environment={ENVIRONMENT}>
        {ui}
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return requests;
}
