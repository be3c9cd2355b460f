import type { ApiKey } from '@animal-store/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Environment, fetchRuntimeConfig } from './config/runtime-config';
import { AppHeader } from './layout/app-header';
import { EnvironmentSelect } from './layout/environment-select';
import { isOffered } from './session/session-storage';
import { signOutReasons } from './session/sign-out-reasons';
import type { Session } from './session/use-session';
import { SignInPage } from './sign-in/sign-in-page';
import { SignedIn } from './signed-in';

interface ScreensProps {
  session: Session;
  onSignIn: (apiKey: string, environment: Environment, accepted: ApiKey) => void;
  onSignOut: (reason?: string) => void;
  /** Choosing another environment while signed in signs out. */
  onEnvironmentChange: (name: string) => void;
}

/** Which screen the tab shows: starting up (reading config.json), sign-in, or the signed-in screens. */
export function Screens({ session, onSignIn, onSignOut, onEnvironmentChange }: ScreensProps) {
  const config = useQuery({
    queryKey: ['runtime-config'],
    queryFn: ({ signal }) => fetchRuntimeConfig(signal),
    // Not a call to the store's API, so not its client's to repeat: a flaky network gets two more tries here.
    retry: 2,
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
        onSignedIn={onSignIn}
        notice={session.notice}
      />
    </>
  );
}
