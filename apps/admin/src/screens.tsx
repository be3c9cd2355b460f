import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { createApiClient } from './api/api-client';
import { ApiClientProvider } from './api/api-client-context';
import { type Environment, fetchRuntimeConfig } from './config/runtime-config';
import { AppHeader } from './layout/app-header';
import { EnvironmentSelect } from './layout/environment-select';
import { CataloguePage } from './pets/catalogue-page';
import { isOffered, type SignedIn as SignedInSession } from './session/session-storage';
import { signOutReasons } from './session/sign-out-reasons';
import type { Session } from './session/use-session';
import { SignInPage } from './sign-in/sign-in-page';

interface ScreensProps {
  session: Session;
  onSignOut: (reason?: string) => void;
  /** Choosing another environment while signed in signs out. */
  onEnvironmentChange: (name: string) => void;
}

/** Which screen the tab shows: starting up (reading config.json), sign-in, or the catalogue. */
export function Screens({ session, onSignOut, onEnvironmentChange }: ScreensProps) {
  const config = useQuery({
    queryKey: ['runtime-config'],
    queryFn: ({ signal }) => fetchRuntimeConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const environments = config.data?.environments;
  const { signedIn } = session;
  // A key kept from before a reload whose environment is gone or has moved: its address is not the key's any more.
  const stranded =
    signedIn && environments && !isOffered(signedIn.environment, environments)
      ? signedIn.environment.name
      : undefined;
  useEffect(() => {
    if (stranded !== undefined) onSignOut(signOutReasons.environmentChanged(stranded));
  });

  if (!environments) {
    return (
      <>
        <AppHeader />
        <main id="main" className="boot">
          {config.isError ? (
            <div className="state state-error" role="alert">
              <p className="state-title">The admin app could not start</p>
              <p>It could not read its settings from the store. Check the connection and try again.</p>
              <button type="button" className="secondary" onClick={() => void config.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <p role="status">Starting…</p>
          )}
        </main>
      </>
    );
  }

  if (signedIn && stranded === undefined) {
    return (
      <SignedIn session={signedIn}>
        <AppHeader>
          <EnvironmentSelect
            environments={environments}
            value={signedIn.environment.name}
            onChange={onEnvironmentChange}
          />
          <button type="button" className="secondary" onClick={() => onSignOut()}>
            Sign out
          </button>
        </AppHeader>
      </SignedIn>
    );
  }

  // A name kept from an earlier visit may no longer be configured; the first environment is the default.
  const environment =
    environments.find(({ name }) => name === session.environmentName) ?? (environments[0] as Environment);
  return (
    <>
      {/* The environment is named only where there is a choice; the sign-in form offers it. */}
      <AppHeader environmentName={environments.length > 1 ? environment.name : undefined} />
      <SignInPage
        environments={environments}
        environment={environment}
        onEnvironmentChange={onEnvironmentChange}
        onSignedIn={session.signIn}
        notice={session.notice}
      />
    </>
  );
}

/** The catalogue of the one environment the key was accepted by: the client gets both from the same session. */
function SignedIn({ session, children }: { session: SignedInSession; children: ReactNode }) {
  const { environment, apiKey } = session;
  const { baseUrl } = environment;
  const api = useMemo(() => createApiClient(baseUrl, apiKey), [baseUrl, apiKey]);
  return (
    <ApiClientProvider api={api} environment={environment}>
      {children}
      {/* Keyed by environment: the paging state and cursors of one store mean nothing to another. */}
      <CataloguePage key={environment.name} />
    </ApiClientProvider>
  );
}
