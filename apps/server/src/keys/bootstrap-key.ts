import type { DatabaseConfig } from '../config/config.js';
import type { ApiKeyRepository, IssuedApiKey } from '../store/api-key-repository.js';
import { createKeyCommand } from './create-key-command.js';
import { operatorContext } from './operator-context.js';

export class NoApiKeyError extends Error {
  override name = 'NoApiKeyError';
}

export type FirstKey =
  | { kind: 'created'; key: IssuedApiKey }
  /** Keys were issued before and every one has been revoked: nobody can call the store until one is made. */
  | { kind: 'none-active' }
  | { kind: 'present' };

/**
 * A store nobody can call is useless, so the first start of a new store outside production creates a key and
 * hands it back to be shown once; only one instance does, however many start together. A store whose keys were
 * all revoked gets no new one (revoking every key is how an operator closes it). In production a missing key is an
 * operator's mistake, and starting anyway would hide it.
 */
export async function ensureAnApiKey(options: {
  keys: ApiKeyRepository;
  configuredKeyCount: number;
  production: boolean;
  /** Where the keys are, for the command the refusal names. */
  database: DatabaseConfig;
}): Promise<FirstKey> {
  if (options.configuredKeyCount > 0 || (await options.keys.countActive()) > 0) return { kind: 'present' };
  if (options.production) {
    throw new NoApiKeyError(
      `No API key exists. Set API_KEYS, or create one with \`${createKeyCommand(options.database)}\`.`,
    );
  }
  const created = await options.keys.createFirst(
    'first key (created at start-up)',
    operatorContext('server start-up'),
  );
  return created ? { kind: 'created', key: created } : { kind: 'none-active' };
}
