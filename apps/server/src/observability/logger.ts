import pino, { type Logger } from 'pino';
import type { Config } from '../config/config.js';

/**
 * An error in a log line: what it is and why, never its stack, which shows the code's paths and can carry values a
 * log must not keep. `pino.stdSerializers.err` would add the stack and every enumerable property (node-postgres's
 * errors carry their whole client).
 */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return { type: error.constructor.name, message: error.message, ...(code === undefined ? {} : { code }) };
}

/** The options every logger of the server shares, the tests' included. */
export const LOG_OPTIONS = { serializers: { err: errorFields } } satisfies pino.LoggerOptions;

/**
 * JSON lines in production, written asynchronously so that a request never waits for the log (pino flushes what
 * is pending when the process exits; the tuning writes them once per turn of the event loop instead); readable
 * output while developing at a terminal, or wherever LOG_FORMAT=pretty asks for it (`pnpm dev`, whose output turbo
 * reads through a pipe).
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel' | 'logFormat'>): Logger {
  // No redaction: no line carries headers (the request log picks its fields, and a test checks that no key reaches
  // the log); redacting paths that are never there cost every line a pass of its own.
  const options = { ...LOG_OPTIONS, level: config.logLevel };
  const pretty =
    config.logFormat === undefined
      ? config.env === 'development' && process.stdout.isTTY
      : config.logFormat === 'pretty';
  if (pretty) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } });
  }
  return pino(options, pino.destination({ sync: false }));
}
