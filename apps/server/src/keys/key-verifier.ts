import type { ApiKeyRepository } from '../store/api-key-repository.js';
import { hashApiKey, hasIssuedKeyShape } from './api-key.js';

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

/**
 * How long a stored key, once verified, is trusted without asking the database again: a revocation takes effect
 * within this time on every instance, and in exchange a request costs no database round trip for its key.
 */
const VERIFIED_KEY_TTL_MS = 10_000;

/** Bounds the cache: a store with more active clients than this simply asks the database more often. */
const MAX_CACHED_KEYS = 10_000;

/** Decides whether a presented key is valid: one of the configured keys or an active stored one. */
export class KeyVerifier {
  private readonly configuredKeys: Map<string, ApiClient>;
  private readonly verified = new Map<string, { client: ApiClient; until: number }>();
  /** Unknown keys, refused without asking again for as long as a verified key is trusted. */
  private readonly refused = new Map<string, number>();
  /** Lookups under way: a burst of one key waits for one answer. */
  private readonly lookups = new Map<string, Promise<ApiClient | undefined>>();

  constructor(
    private readonly repository: ApiKeyRepository,
    configuredKeys: readonly string[],
    private readonly verifiedKeyTtlMs = VERIFIED_KEY_TTL_MS,
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

  /**
   * The client a key belongs to. Answered at once, without a promise, for a configured key, one verified or refused
   * in the last seconds (nearly every request), or one that is not of the shape the store issues; otherwise the
   * database is asked, once for all the requests that present the key meanwhile.
   */
  verify(key: string): ApiClient | undefined | Promise<ApiClient | undefined> {
    const keyHash = hashApiKey(key);
    const configured = this.configuredKeys.get(keyHash);
    if (configured) return configured;
    // A key of another shape cannot be stored: it costs no lookup.
    if (!hasIssuedKeyShape(key)) return undefined;
    const now = Date.now();
    const cached = this.verified.get(keyHash);
    if (cached && cached.until > now) return cached.client;
    if ((this.refused.get(keyHash) ?? 0) > now) return undefined;
    let lookup = this.lookups.get(keyHash);
    if (!lookup) {
      lookup = this.verifyStored(keyHash).finally(() => this.lookups.delete(keyHash));
      this.lookups.set(keyHash, lookup);
    }
    return lookup;
  }

  private async verifyStored(keyHash: string): Promise<ApiClient | undefined> {
    const stored = await this.repository.findActiveByHash(keyHash);
    if (!stored) {
      this.verified.delete(keyHash);
      if (this.verifiedKeyTtlMs > 0) {
        if (this.refused.size >= MAX_CACHED_KEYS) this.refused.clear();
        this.refused.set(keyHash, Date.now() + this.verifiedKeyTtlMs);
      }
      return undefined;
    }
    const client = { keyId: String(stored.id), name: stored.name, scope: scopeOf(keyHash) };
    if (this.verifiedKeyTtlMs > 0) {
      if (this.verified.size >= MAX_CACHED_KEYS) this.verified.clear();
      this.verified.set(keyHash, { client, until: Date.now() + this.verifiedKeyTtlMs });
    }
    return client;
  }
}
