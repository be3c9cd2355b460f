import { useState } from 'react';
import { readSession, type StoredSession, storeApiKey, storeEnvironmentName } from './session-storage';

/** The tab's session: the key (if signed in), the chosen environment, and why the admin was last signed out. */
export function useSession() {
  const [session, setSession] = useState<StoredSession>(readSession);
  const [notice, setNotice] = useState<string>();

  return {
    ...session,
    notice,
    signIn(apiKey: string) {
      storeApiKey(apiKey);
      setNotice(undefined);
      setSession((current) => ({ ...current, apiKey }));
    },
    signOut(reason?: string) {
      storeApiKey(undefined);
      setNotice(reason);
      setSession((current) => ({ ...current, apiKey: undefined }));
    },
    chooseEnvironment(environmentName: string) {
      storeEnvironmentName(environmentName);
      setSession((current) => ({ ...current, environmentName }));
    },
  };
}
