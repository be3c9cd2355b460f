import { QueryClientProvider } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createQueryClient } from './api/query-client';
import { Screens } from './screens';
import { useSession } from './session/use-session';

/** The tab-wide pieces: the session and the one query client, wired so that any 401 ends the session. */
export function App() {
  const session = useSession();
  // The query client outlives renders, but must reach the current session when a call comes back 401.
  const onUnauthorized = useRef((_message: string) => {});
  const [queryClient] = useState(() => createQueryClient((message) => onUnauthorized.current(message)));

  const signOut = (reason?: string) => {
    session.signOut(reason);
    // Nothing fetched with the old key may be shown to whoever signs in next.
    queryClient.clear();
  };
  // The key may have been revoked, or belong to the other environment after a switch: both end here.
  onUnauthorized.current = (message) =>
    signOut(
      `You were signed out: this store does not accept the API key. ${message} Sign in with a key for it.`,
    );

  return (
    <QueryClientProvider client={queryClient}>
      <Screens session={session} onSignOut={() => signOut()} />
    </QueryClientProvider>
  );
}
