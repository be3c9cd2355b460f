import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** JSON lines in production; readable colour output while developing at a terminal. */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    ...(pretty && { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
  });
}
