import { API_KEY_SCOPES, type ApiKeyScope } from '@animal-store/contract';
import { type NetworkList, networkList } from '../store/allowed-networks.js';
import type { ApiKeyRepository, StoredApiKey } from '../store/api-key-repository.js';
import { keyState } from '../store/key-state.js';
import { hashApiKey, hasIssuedKeyShape } from './api-key.js';

/** Who made a request: enough to log, to authorise and to scope per-key state, never the key itself. */
export interface ApiClient {
  /** The stored key's id as text, or `env-1`, `env-2`… for a configured key. */
  keyId: string;
  /** The stored key's id; undefined for a configured key. */
  storedId: number | undefined;
  name: string;
  scopes: ReadonlySet<ApiKeyScope>;
  /**
   * A digest prefix unique to the key across every database: namespaces per-key state (idempotency keys,
   * rate-limit counters) that may live in a store shared by several deployments.
   */
  namespace: string;
  /** The key's own requests a minute; undefined for the server's RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute: number | undefined;
  /** Where the key may be used from; undefined for anywhere. */
  allowedNetworks: NetworkList | undefined;
}

/** Why a key was refused: the 401's message says which. */
export type KeyRefusal = 'unknown' | 'expired' | 'revoked';

export type KeyVerdict = ApiClient | KeyRefusal;

const namespaceOf = (keyHash: string) => keyHash.slice(0, 24);

const ALL_SCOPES: ReadonlySet<ApiKeyScope> = new Set(API_KEY_SCOPES);

/**
 * How long a stored key, once verified, is trusted without asking the database again: a revocation takes effect
 * within this time on every instance, and in exchange a request costs no database round trip for its key. An
 * expiry takes effect on time: a key is never trusted past it.
 */
const VERIFIED_KEY_TTL_MS = 10_000;

/** Bounds the cache: a store with more active clients than this simply asks the database more often. */
const MAX_CACHED_KEYS = 10_000;

/** The client a stored, active key stands for. */
const clientOf = (stored: StoredApiKey, keyHash: string): ApiClient => ({
  keyId: String(stored.id),
  storedId: stored.id,
  name: stored.name,
  scopes: new Set(stored.scopes),
  namespace: namespaceOf(keyHash),
  rateLimitPerMinute: stored.rateLimitPerMinute ?? undefined,
  allowedNetworks: stored.allowedNetworks === null ? undefined : networkList(stored.allowedNetworks),
});

/** A key configured by API_KEYS, as the management API lists it. */
export interface ConfiguredKey {
  client: ApiClient;
  key: string;
}

/** Decides whether a presented key is valid: one of the configured keys or an active stored one. */
export class KeyVerifier {
  private readonly configured: Map<string, ConfiguredKey>;
  private readonly verdicts = new Map<string, { verdict: KeyVerdict; until: number }>();
  /** The digest of each stored key with a cached verdict, so that a change made here is seen here at once. */
  private readonly digestsById = new Map<number, string>();
  /** Lookups under way: a burst of one key waits for one answer. */
  private readonly lookups = new Map<string, Promise<KeyVerdict>>();
  /**
   * Counts the changes forgotten here. A lookup caches its verdict only if none came while it was under way: the
   * row it read may predate the change, and caching it would undo the change here for the whole cache time.
   */
  private changes = 0;

  constructor(
    private readonly repository: ApiKeyRepository,
    configuredKeys: readonly string[],
    private readonly verifiedKeyTtlMs = VERIFIED_KEY_TTL_MS,
  ) {
    this.configured = new Map(
      configuredKeys.map((key, index) => {
        const keyHash = hashApiKey(key);
        const client: ApiClient = {
          keyId: `env-${index + 1}`,
          storedId: undefined,
          name: `API_KEYS #${index + 1}`,
          // Configured keys are the operator's own: they can do everything, as they could before scopes.
          scopes: ALL_SCOPES,
          namespace: namespaceOf(keyHash),
          // The operator's recovery keys: the server's limit, from anywhere.
          rateLimitPerMinute: undefined,
          allowedNetworks: undefined,
        };
        return [keyHash, { client, key }];
      }),
    );
  }

  /** The keys set by API_KEYS, in the order given. */
  configuredKeys(): ConfiguredKey[] {
    return [...this.configured.values()];
  }

  /**
   * The client a key belongs to, or why it is refused. Answered at once, without a promise, for a configured key,
   * one verified or refused in the last seconds (nearly every request), or one that is not of the shape the store
   * issues or fails its checksum; otherwise the database is asked, once for all the requests that present the key
   * meanwhile.
   */
  verify(key: string): KeyVerdict | Promise<KeyVerdict> {
    const keyHash = hashApiKey(key);
    const configured = this.configured.get(keyHash);
    if (configured) return configured.client;
    // A mistyped or invented key cannot be stored: it costs no lookup.
    if (!hasIssuedKeyShape(key)) return 'unknown';
    const cached = this.verdicts.get(keyHash);
    if (cached && cached.until > Date.now()) return cached.verdict;
    let lookup = this.lookups.get(keyHash);
    if (!lookup) {
      const started = this.verifyStored(keyHash).finally(() => {
        // A change may have dropped this lookup and a newer one taken its place: that one stays.
        if (this.lookups.get(keyHash) === started) this.lookups.delete(keyHash);
      });
      lookup = started;
      this.lookups.set(keyHash, lookup);
    }
    return lookup;
  }

  /**
   * Forgets what was cached about a stored key: called in every process of the instance that revokes, rotates or
   * changes the key, once the change is stored, so that here the change holds at once (other instances see it within the
   * cache time). Lookups under way may have read the key before the change: a request presenting it from now on
   * waits for a lookup of its own, and theirs cache nothing.
   */
  forget(id: number): void {
    this.changes += 1;
    this.lookups.clear();
    const keyHash = this.digestsById.get(id);
    if (keyHash === undefined) return;
    this.verdicts.delete(keyHash);
    this.digestsById.delete(id);
  }

  private async verifyStored(keyHash: string): Promise<KeyVerdict> {
    const changesBefore = this.changes;
    const stored = await this.repository.findByHash(keyHash);
    const nowMs = Date.now();
    let verdict: KeyVerdict = 'unknown';
    let until = nowMs + this.verifiedKeyTtlMs;
    if (stored) {
      const state = keyState(stored, new Date(nowMs).toISOString());
      verdict = state === 'active' ? clientOf(stored, keyHash) : state;
      // Never trusted past its expiry, however recently verified.
      if (state === 'active' && stored.expiresAt !== null)
        until = Math.min(until, Date.parse(stored.expiresAt));
    }
    if (this.verifiedKeyTtlMs > 0 && this.changes === changesBefore) {
      if (this.verdicts.size >= MAX_CACHED_KEYS) {
        this.verdicts.clear();
        this.digestsById.clear();
      }
      this.verdicts.set(keyHash, { verdict, until });
      if (stored) this.digestsById.set(stored.id, keyHash);
    }
    return verdict;
  }
}
