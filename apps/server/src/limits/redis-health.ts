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
 * it ever comes) must still be matched to it. When the timer fires, the rejection waits for the event loop's next
 * I/O phase: after a stalled loop (a busy machine), a reply already received is read first and wins.
 */
export function answeredWithin<T>(reply: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => setImmediate(() => reject(new Error(`Redis did not answer within ${ms} ms`))),
      ms,
    );
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
 * Whether the rate-limit counters in Redis are worth asking. A refused or dropped connection shows as a client
 * error, and is an outage at once. A partition shows only as a command that does not answer in time, while the
 * connection still looks ready: Redis is then "in doubt" and asked with a PING; a slow answer ends the doubt, no
 * answer within the probe's timeout makes it an outage. In doubt or in an outage no command is sent on the request
 * path, so that requests never wait for Redis while it is away. An outage is logged once when it starts and once
 * when it ends (a probe answered).
 */
export class RedisHealth {
  private state: 'up' | 'in doubt' | 'down' = 'up';
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly client: RedisConnection,
    private readonly logger: Logger,
    private readonly probeTimeoutMs: number,
  ) {
    // The client reports every failed reconnection attempt here; one outage is one warning.
    client.on('error', (error) => this.outage(error));
  }

  /** Connected, and nothing has failed since the last answered probe. */
  get usable(): boolean {
    return this.state === 'up' && this.client.isReady;
  }

  /** A counter command failed or did not answer in time. */
  commandFailed(error: unknown): void {
    if (this.state !== 'up') return;
    this.state = 'in doubt';
    // Not yet an outage (a busy Redis answers the probe): a warning comes only if the probe fails too.
    this.logger.debug({ err: error }, 'Redis counter command failed; asking Redis whether it is there');
    void this.probe();
  }

  /** Redis is away: count locally, and probe until it answers. */
  outage(error: unknown): void {
    if (this.state === 'down') return;
    this.state = 'down';
    this.logger.warn(
      { err: error },
      'Redis unreachable: rate limits count in this instance alone until it answers again',
    );
    this.probeTimer ??= setInterval(() => void this.probe(), PROBE_INTERVAL_MS).unref();
  }

  stop(): void {
    clearInterval(this.probeTimer);
  }

  private async probe(): Promise<void> {
    if (this.probing) return;
    if (!this.client.isReady) {
      this.outage(new Error('not connected to Redis'));
      return;
    }
    this.probing = true;
    try {
      await answeredWithin(this.client.sendCommand(['PING']), this.probeTimeoutMs);
      if (this.state === 'down') this.logger.info('Redis answers again: rate limits are shared again');
      this.state = 'up';
      clearInterval(this.probeTimer);
      this.probeTimer = undefined;
    } catch (error) {
      this.outage(error);
    } finally {
      this.probing = false;
    }
  }
}
