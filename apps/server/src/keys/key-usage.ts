import type { Logger } from 'pino';
import type { ApiKeyRepository } from '../store/api-key-repository.js';
import type { ApiClient } from './key-verifier.js';

/** How often a key's last use is written, at most, per instance: never a write per request. */
export const USAGE_WRITE_INTERVAL_MS = 60_000;

/** Bounds the memory of when each key was last written: past it, a key is simply written again. */
const MAX_TRACKED_KEYS = 10_000;

type Write = (id: number, at: string) => Promise<void>;

/** One kind of use (any call, or a call of a deprecated operation), written at most once a minute per key. */
class ThrottledUse {
  private readonly writtenAt = new Map<string, number>();

  constructor(
    private readonly write: Write,
    private readonly what: string,
    private readonly logger: Logger,
  ) {}

  record(client: ApiClient, nowMs: number): void {
    const last = this.writtenAt.get(client.keyId);
    if (last !== undefined && nowMs - last < USAGE_WRITE_INTERVAL_MS) return;
    if (this.writtenAt.size >= MAX_TRACKED_KEYS) this.writtenAt.clear();
    this.writtenAt.set(client.keyId, nowMs);
    // A configured key has no row: this instance's memory is all there is of its use.
    if (client.storedId === undefined) return;
    // Never awaited: a request does not wait for its bookkeeping, and a failed write costs only a log line.
    this.write(client.storedId, new Date(nowMs).toISOString()).catch((error: unknown) =>
      this.logger.warn({ err: error, apiKeyId: client.keyId }, `could not record the ${this.what}`),
    );
  }

  /** When this instance last recorded the key's use; null if it has not. */
  lastSeen(keyId: string): string | null {
    const at = this.writtenAt.get(keyId);
    return at === undefined ? null : new Date(at).toISOString();
  }
}

/**
 * When each key was last used, and last called a deprecated operation: what an admin needs to retire keys and to
 * find who must move off getPet before its sunset. Each is written at most once a minute per key and instance, so
 * the figures are to the minute.
 */
export class KeyUsage {
  private readonly calls: ThrottledUse;
  private readonly deprecatedCalls: ThrottledUse;

  constructor(repository: ApiKeyRepository, logger: Logger) {
    this.calls = new ThrottledUse((id, at) => repository.recordUse(id, at), 'last use of a key', logger);
    this.deprecatedCalls = new ThrottledUse(
      (id, at) => repository.recordDeprecatedCall(id, at),
      'last deprecated call of a key',
      logger,
    );
  }

  recordCall(client: ApiClient, nowMs = Date.now()): void {
    this.calls.record(client, nowMs);
  }

  recordDeprecatedCall(client: ApiClient, nowMs = Date.now()): void {
    this.deprecatedCalls.record(client, nowMs);
  }

  /** A configured key's use as this instance saw it: such keys have no row to keep it in. */
  configuredKeyUse(keyId: string): { lastUsedAt: string | null; deprecatedCallAt: string | null } {
    return { lastUsedAt: this.calls.lastSeen(keyId), deprecatedCallAt: this.deprecatedCalls.lastSeen(keyId) };
  }
}
