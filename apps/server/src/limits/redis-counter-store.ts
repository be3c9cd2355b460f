import type { Store as CounterStore } from 'express-rate-limit';
import type { Logger } from 'pino';
import { type RedisReply, RedisStore, type SendCommandFn } from 'rate-limit-redis';
import { createClient } from 'redis';
import { CounterStoreWithFallback } from './fallback-counter-store.js';
import { answeredWithin, RedisHealth } from './redis-health.js';

/**
 * Longest wait for a counter on the request path. Redis answers in well under a millisecond when it is there; a
 * command that takes longer puts Redis in doubt (redis-health.ts), and the instance's own counters answer.
 */
const COMMAND_TIMEOUT_MS = 100;

/** A PING that checks whether Redis is there gets this long. */
const PROBE_TIMEOUT_MS = 1000;

/** A connection attempt that is neither accepted nor refused in this time is given up and tried again. */
const CONNECT_TIMEOUT_MS = 1000;

/** Start-up waits this long for Redis, so that the first requests are counted there; then it serves without. */
const STARTUP_WAIT_MS = 2000;

/** Runs one Redis command inside whatever records it (a span); only the command's name is given, never its keys. */
export type CommandTracer = <T>(command: string, run: () => Promise<T>) => Promise<T>;

export interface RedisCounterStores {
  /** A limiter's counters under its own key prefix, with `local` standing in while Redis is away. */
  storeFor(name: string, local: CounterStore): CounterStore;
  close(): Promise<void>;
}

/**
 * Rate-limit counters in Redis, so that every instance behind a load balancer spends one budget per key. Commands
 * are never queued while the client is disconnected (they fail at once and the local counters answer), each has a
 * short timeout, and the client reconnects by itself, backing off to one attempt every two seconds.
 */
export async function connectRedisCounterStores(
  url: string,
  keyPrefix: string,
  logger: Logger,
  traceCommand?: CommandTracer,
): Promise<RedisCounterStores> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  const health = new RedisHealth(client, logger, PROBE_TIMEOUT_MS);
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  const send = (args: string[]): Promise<RedisReply> =>
    answeredWithin(client.sendCommand(args), COMMAND_TIMEOUT_MS);
  // The keys name API keys and client addresses: a span is told the command alone.
  const sendCommand: SendCommandFn = traceCommand
    ? (...args: string[]) => traceCommand(args[0] ?? 'COMMAND', () => send(args))
    : (...args: string[]) => send(args);
  const startupWait = new Promise<boolean>((resolve) => setTimeout(resolve, STARTUP_WAIT_MS, false).unref());
  if (!(await Promise.race([connected, startupWait]))) {
    health.outage(new Error(`no connection to Redis within ${STARTUP_WAIT_MS} ms of start-up`));
  }
  return {
    storeFor: (name, local) =>
      new CounterStoreWithFallback(
        new RedisStore({
          prefix: `${keyPrefix}${name}:`,
          sendCommand,
        }),
        local,
        health,
      ),
    close: async () => {
      health.stop();
      client.destroy();
    },
  };
}
