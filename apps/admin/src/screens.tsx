import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { createApiClient } from './api/api-client';
import { ApiClientProvider } from './api/api-client-context';
import { type Environment, fetchRuntimeConfig } from './config/runtime-config';
import { AppHeader } from './layout/app-header';
import { EnvironmentSelect } from './layout/environment-select';
import { CataloguePage } from './pets/catalogue-page';
import type { useSession } from './session/use-session';
import { SignInPage } from './sign-in/sign-in-page';

interface ScreensProps {
  session: ReturnType<typeof useSession>;
  onSignOut: () => void;
}

/** Which screen the tab shows: starting up (reading config.json), sign-in, or the catalogue. */
export function Screens({ session, onSignOut }: ScreensProps) {
  const config = useQuery({
    queryKey: ['runtime-config'],
    queryFn: ({ signal }) => fetchRuntimeConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!config.data) {
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

  const { environments } = config.data;
  // A name kept from an earlier visit may no longer be configured; the first environment is the default.
  const environment =
    environments.find(({ name }) => name === session.environmentName) ?? (environments[0] as Environment);

  if (session.apiKey === undefined) {
    return (
      <>
        {/* The environment is named only where there is a choice; the sign-in form offers it. */}
        <AppHeader environmentName={environments.length > 1 ? environment.name : undefined} />
        <SignInPage
          environments={environments}
          environment={environment}
          onEnvironmentChange={session.chooseEnvironment}
          onSignedIn={session.signIn}
          notice={session.notice}
        />
      </>
    );
  }

  return (
    <SignedIn environment={environment} apiKey={session.apiKey}>
      <AppHeader>
        <EnvironmentSelect
          environments={environments}
          value={environment.name}
          onChange={session.chooseEnvironment}
        />
        <button type="button" className="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </AppHeader>
    </SignedIn>
  );
}

function SignedIn(props: { environment: Environment; apiKey: string; children: ReactNode }) {
  const { baseUrl } = props.environment;
  const api = useMemo(() => createApiClient(baseUrl, props.apiKey), [baseUrl, props.apiKey]);
  return (
    <ApiClientProvider api={api} environment={props.environment}>
      {props.children}
      {/* Keyed by environment: the paging state and cursors of one store mean nothing to another. */}
      <CataloguePage key={props.environment.name} />
    </ApiClientProvider>
  );
}
