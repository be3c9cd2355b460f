import { useState } from 'react';
import type { Environment } from '../config/runtime-config';
import { readSession, type StoredSession, storeEnvironmentName, storeSignedIn } from './session-storage';

/**
 * The tab's session: the key with the environment it was accepted by (if signed in), the environment chosen for
 * signing in, and why the admin was last signed out. Nothing here changes the environment of a key: choosing
 * another environment drops the key.
 */
export function useSession() {
  const [session, setSession] = useState<StoredSession>(readSession);
  const [notice, setNotice] = useState<string>();

  return {
    ...session,
    notice,
    signIn(apiKey: string, environment: Environment) {
      const signedIn = { apiKey, environment: { name: environment.name, baseUrl: environment.baseUrl } };
      storeSignedIn(signedIn);
      storeEnvironmentName(environment.name);
      setNotice(undefined);
      setSession({ signedIn, environmentName: environment.name });
    },
    signOut(reason?: string) {
      storeSignedIn(undefined);
      setNotice(reason);
      setSession((current) => ({ ...current, signedIn: undefined }));
    },
    /** Signs out too, if signed in: a key is never sent to an environment other than its own. */
    chooseEnvironment(environmentName: string, reason?: string) {
      storeSignedIn(undefined);
      storeEnvironmentName(environmentName);
      setNotice(reason);
      setSession({ signedIn: undefined, environmentName });
    },
  };
}

export type Session = ReturnType<typeof useSession>;
