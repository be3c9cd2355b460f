import type { Logger } from 'pino';

/** How often, during an outage, Redis is asked whether it answers again. */
const PROBE_INTERVAL_MS = 1000;

/** What the health check needs of a node-redis client. */
export interface RedisConnection {
  readonly isReady: boolean;
  sendCommand(args: string[]): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * A Redis reply, or a rejection once `ms` have passed. node-redis's own command timeout stops counting once the
 * command is written to the socket, which a partition accepts; the command itself stays queued, as its reply (if
 * it ever comes) must still be matched to it.
 */
export function answeredWithin<T>(reply: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    reply.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Whether the rate-limit counters in Redis are worth asking. A refused connection shows as the client not being
 * ready; a partition shows only as a command that does not answer in time, after which the connection still looks
 * ready. Either starts an outage: one warning, then no command is sent on the request path until a probe is
 * answered, so that requests never wait for Redis while it is away. The end of the outage is logged too.
 */
export class RedisHealth {
  private outage = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly client: RedisConnection,
    private readonly logger: Logger,
    private readonly probeTimeoutMs: number,
  ) {
    // The client reports every failed reconnection attempt here; one outage is one warning.
    client.on('error', (error) => this.lost(error));
  }

  /** Connected, and nothing has failed since the last answered probe. */
  get usable(): boolean {
    return !this.outage && this.client.isReady;
  }

  /** A command failed or did not answer in time: count locally until Redis answers a probe. */
  lost(error: unknown): void {
    if (this.outage) return;
    this.outage = true;
    this.logger.warn(
      { err: error },
      'Redis unreachable: rate limits count in this instance alone until it answers again',
    );
    this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS).unref();
  }

  stop(): void {
    clearInterval(this.probeTimer);
  }

  private async probe(): Promise<void> {
    if (this.probing || !this.client.isReady) return;
    this.probing = true;
    try {
      await answeredWithin(this.client.sendCommand(['PING']), this.probeTimeoutMs);
      this.outage = false;
      clearInterval(this.probeTimer);
      this.logger.info('Redis answers again: rate limits are shared again');
    } catch {
      // Still away; the next probe asks again.
    } finally {
      this.probing = false;
    }
  }
}
