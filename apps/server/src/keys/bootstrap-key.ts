import type { ApiKeyRepository, CreatedApiKey } from '../store/api-key-repository.js';

export class NoApiKeyError extends Error {
  override name = 'NoApiKeyError';
}

/**
 * A store nobody can call is useless, so a first start outside production creates a key and hands it back to be
 * shown once. In production a missing key is an operator's mistake, and starting anyway would hide it.
 */
export async function ensureAnApiKey(options: {
  keys: ApiKeyRepository;
  configuredKeyCount: number;
  production: boolean;
}): Promise<CreatedApiKey | undefined> {
  if (options.configuredKeyCount > 0 || (await options.keys.countActive()) > 0) return undefined;
  if (options.production) {
    throw new NoApiKeyError(
      'No API key exists. Set API_KEYS, or create one with `pnpm --filter @animal-store/server keys create --name NAME`.',
    );
  }
  return options.keys.create('first key (created at start-up)');
}
