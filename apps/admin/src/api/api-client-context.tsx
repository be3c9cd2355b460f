import { createContext, type ReactNode, useContext } from 'react';
import type { Environment } from '../config/runtime-config';
import type { ApiClient } from './api-client';

interface ApiContextValue {
  client: ApiClient;
  environment: Environment;
}

const ApiContext = createContext<ApiContextValue | undefined>(undefined);

/** The signed-in store's hooks and the environment they talk to, for every screen behind sign-in. */
export function ApiClientProvider(props: ApiContextValue & { children: ReactNode }) {
  return (
    <ApiContext.Provider value={{ client: props.client, environment: props.environment }}>
      {props.children}
    </ApiContext.Provider>
  );
}

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi() needs an <ApiClientProvider> above it');
  return value;
}

/** Every cached listPets page of one environment starts with this key, so one call invalidates them all. */
export function petListKey(environment: Environment): readonly unknown[] {
  return ['listPets', environment.name, environment.baseUrl];
}
