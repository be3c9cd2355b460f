/**
 * The API key lives in sessionStorage: it survives a reload but dies with the tab, is never put in a URL (where it
 * would reach history, logs and Referer headers) and is not shared with other tabs.
 */
const API_KEY = 'animal-store.admin.api-key';
const ENVIRONMENT = 'animal-store.admin.environment';

export interface StoredSession {
  apiKey: string | undefined;
  environmentName: string | undefined;
}

export function readSession(): StoredSession {
  return {
    apiKey: sessionStorage.getItem(API_KEY) ?? undefined,
    environmentName: sessionStorage.getItem(ENVIRONMENT) ?? undefined,
  };
}

export function storeApiKey(apiKey: string | undefined): void {
  if (apiKey === undefined) sessionStorage.removeItem(API_KEY);
  else sessionStorage.setItem(API_KEY, apiKey);
}

export function storeEnvironmentName(name: string): void {
  sessionStorage.setItem(ENVIRONMENT, name);
}
