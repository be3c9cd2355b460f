import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * JSON lines in production, written asynchronously so that a request never waits for the log (pino flushes what
 * is pending when the process exits); readable colour output while developing at a terminal.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  const options = {
    level: config.logLevel,
    // Nothing logs headers today; should anything start to, the credential stays out.
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
  };
  if (config.env === 'development' && process.stdout.isTTY) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } });
  }
  return pino(options, pino.destination({ sync: false }));
}
