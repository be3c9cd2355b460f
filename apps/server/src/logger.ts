import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * JSON lines in production, written asynchronously so that a request never waits for the log (pino flushes what
 * is pending when the process exits); readable colour output while developing at a terminal.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  // No redaction: no line carries headers (the request log picks its fields, and a test checks that no key reaches
  // the log); redacting paths that are never there cost every line a pass of its own.
  const options = { level: config.logLevel };
  if (config.env === 'development' && process.stdout.isTTY) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } });
  }
  return pino(options, pino.destination({ sync: false }));
}
