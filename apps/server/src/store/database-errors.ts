/** Connection-level failures: the database is down or unreachable, not the query wrong. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/** PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-03 (shutdown, crash, cannot connect now). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;

/** SQLite still locked by another process after busy_timeout. */
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * True when an error means "try again later" rather than "this is a bug": such failures are answered 503 with
 * Retry-After, and start-up waits for the database instead of crashing.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  if (typeof code === 'string' && SQLITE_BUSY.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return PG_CONNECTION_MESSAGES.test(error.message);
}

/**
 * A constraint a row broke (SQLite's SQLITE_CONSTRAINT_*, PostgreSQL's class 23): the row's fault, not the
 * database's.
 */
export function isConstraintViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23...$/.test(code));
}
