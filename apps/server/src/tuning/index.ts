/**
 * The store's runtime tuning: every piece that relies on a library's or the runtime's internals rather than on its
 * public API, in one place, applied where the store is built (store-server.ts; V8 flags by main.ts). Each file is one row of the ledger in docs/performance.md (what it
 * does, what it relies on, what it gains, the test that pins it, when to remove it). Without this folder the store
 * works the same, only slower.
 */
import type { Logger } from 'pino';
import type { AppTuning } from '../app.js';
import type { DatabaseTuning } from '../database/database-tuning.js';
import { sendAnswerBytes } from './answer-bytes-sent.js';
import { writeLogLinesPerTurn } from './log-lines-per-turn.js';
import { namedStatements } from './postgres-prepared-statements.js';
import { preparedHeaderBlock } from './prepared-header-block.js';
import { requestLogLines } from './request-log-line.js';
import { withCachedStatements } from './sqlite-statement-cache.js';

export { bornWithAppPrototypes } from './born-with-app-prototypes.js';
// For the bench's `investigate log-writes`: the request log's write path with and without lines per turn.
export { writeLogLinesPerTurn } from './log-lines-per-turn.js';
export { requestLogLines } from './request-log-line.js';
export { tuneV8ForServing } from './v8-flags.js';

/**
 * The database tuning: statements cached by SQL text on SQLite; on PostgreSQL, named prepared statements unless
 * `namedPostgresStatements` is false (a pooler in transaction mode, such as PgBouncer, does not keep them).
 */
export function databaseTuning(options: { namedPostgresStatements: boolean }): DatabaseTuning {
  return {
    sqlite: withCachedStatements,
    postgresStatementName: options.namedPostgresStatements ? namedStatements() : undefined,
  };
}

/**
 * The log's tuning, applied before its first line: the logger's lines written once per turn of the event loop, and
 * dropped, each counted by `countDropped`, when its file refuses more than may wait.
 */
export function logTuning(logger: Logger, countDropped: (lines: number) => void): void {
  writeLogLinesPerTurn(logger, { countDropped });
}

/**
 * The app's tuning: headers validated once and set as a block, the request log line built for its shape, and the
 * catalogue's answers sent as the bytes they are kept as.
 */
export function appTuning(logger: Logger): AppTuning {
  return {
    headerBlock: preparedHeaderBlock,
    requestLogWriter: requestLogLines(logger),
    answerBytes: sendAnswerBytes,
  };
}
