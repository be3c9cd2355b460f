import type { ApiKeyRepository } from '../store/api-key-repository.js';
import { hashApiKey } from './api-key.js';

/** Who made a request: enough to log and to scope per-key state, never the key itself. */
export interface ApiClient {
  keyId: string;
  name: string;
  /**
   * A digest prefix unique to the key across every database: scopes per-key state (idempotency keys, rate-limit
   * counters) that may live in a store shared by several deployments.
   */
  scope: string;
}

const scopeOf = (keyHash: string) => keyHash.slice(0, 24);

/** Decides whether a presented key is valid: one of the configured keys or an active stored one. */
export class KeyVerifier {
  private readonly configuredKeys: Map<string, ApiClient>;

  constructor(
    private readonly repository: ApiKeyRepository,
    configuredKeys: readonly string[],
  ) {
    this.configuredKeys = new Map(
      configuredKeys.map((key, index) => {
        const keyHash = hashApiKey(key);
        return [
          keyHash,
          { keyId: `env-${index + 1}`, name: `API_KEYS #${index + 1}`, scope: scopeOf(keyHash) },
        ];
      }),
    );
  }

  async verify(key: string): Promise<ApiClient | undefined> {
    const keyHash = hashApiKey(key);
    const configured = this.configuredKeys.get(keyHash);
    if (configured) return configured;
    const stored = await this.repository.findActiveByHash(keyHash);
    return stored && { keyId: String(stored.id), name: stored.name, scope: scopeOf(keyHash) };
  }
}
