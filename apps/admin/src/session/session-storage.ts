import { z } from 'zod';
import type { Environment } from '../config/runtime-config';

/**
 * The session lives in sessionStorage: it survives a reload but dies with the tab, is never put in a URL (where it
 * would reach history, logs and Referer headers) and is not shared with other tabs. The key is stored together with
 * the environment it was accepted by, in one item, so that no reader can pair it with another address.
 */
const SIGNED_IN = 'animal-store.admin.signed-in';
const ENVIRONMENT = 'animal-store.admin.environment';
/** Where earlier versions kept a key without its environment: never used, only removed. */
const UNBOUND_API_KEY = 'animal-store.admin.api-key';

const SignedInSchema = z.object({
  apiKey: z.string().min(1),
  environment: z.object({ name: z.string().min(1), baseUrl: z.string().min(1) }),
});

/** An API key and the one environment (name and base address) it may be sent to. */
export type SignedIn = z.infer<typeof SignedInSchema>;

export interface StoredSession {
  signedIn: SignedIn | undefined;
  /** The environment chosen for signing in. */
  environmentName: string | undefined;
}

export function readSession(): StoredSession {
  sessionStorage.removeItem(UNBOUND_API_KEY);
  return { signedIn: readSignedIn(), environmentName: sessionStorage.getItem(ENVIRONMENT) ?? undefined };
}

function readSignedIn(): SignedIn | undefined {
  const stored = sessionStorage.getItem(SIGNED_IN);
  if (stored === null) return undefined;
  try {
    const parsed = SignedInSchema.safeParse(JSON.parse(stored));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: dropped below like any other unreadable entry.
  }
  sessionStorage.removeItem(SIGNED_IN);
  return undefined;
}

export function storeSignedIn(signedIn: SignedIn | undefined): void {
  if (signedIn === undefined) sessionStorage.removeItem(SIGNED_IN);
  else sessionStorage.setItem(SIGNED_IN, JSON.stringify(signedIn));
}

export function storeEnvironmentName(name: string): void {
  sessionStorage.setItem(ENVIRONMENT, name);
}

/** Whether the deployment still offers the environment a key was accepted by, at the same address. */
export function isOffered(environment: Environment, environments: readonly Environment[]): boolean {
  return environments.some(
    ({ name, baseUrl }) => name === environment.name && baseUrl === environment.baseUrl,
  );
}
