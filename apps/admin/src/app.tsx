import type { ApiKey } from '@animal-store/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createQueryClient } from './api/query-client';
import type { Environment } from './config/runtime-config';
import { Screens } from './screens';
import { acceptedKeyAnswer, currentKeyQueryKey } from './session/current-key';
import { signOutReasons } from './session/sign-out-reasons';
import { useSession } from './session/use-session';

/** The tab-wide pieces: the session and the one query client, wired so that any 401 ends the session. */
export function App() {
  const session = useSession();
  // The query client outlives renders, but must reach the current session when a call comes back 401.
  const onUnauthorized = useRef(() => {});
  const [queryClient] = useState(() => createQueryClient(() => onUnauthorized.current()));

  const signOut = (reason?: string) => {
    session.signOut(reason);
    // Nothing fetched with the old key may be shown to whoever signs in next.
    queryClient.clear();
  };
  onUnauthorized.current = () => signOut(signOutReasons.keyRefused);

  const signIn = (apiKey: string, environment: Environment, accepted: ApiKey) => {
    // The sign-in check already told what the key may do: kept, so that signing in costs the store one call.
    queryClient.setQueryData(currentKeyQueryKey(environment), acceptedKeyAnswer(accepted));
    session.signIn(apiKey, environment);
  };

  const chooseEnvironment = (name: string) => {
    const from = session.signedIn?.environment.name;
    session.chooseEnvironment(name, from && signOutReasons.switched(from, name));
    if (from) queryClient.clear();
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Screens
        session={session}
        onSignIn={signIn}
        onSignOut={signOut}
        onEnvironmentChange={chooseEnvironment}
      />
    </QueryClientProvider>
  );
}
