/** Connection-level failures: the database is down or unreachable, not the query wrong. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57014 (cancelled, as by `statement_timeout`), 57P01-03
 * (shutdown, crash, cannot connect now).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57014|57P0[1-3])$/;

/** SQLite still locked by another process after busy_timeout. */
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

/** node-postgres's own errors: the connection dropped, or no answer came within the connection or query timeout. */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/;

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
 * SQLite could not write (or read) its files: a full disk, a file or folder made read-only or immutable, an I/O
 * error. The data is intact and reads are usually still served; writes succeed again once the cause is gone.
 */
export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|PERM)/.test(code);
}

/** node-postgres's words and SQLSTATEs (terminated by an administrator, crash) for a connection that dropped. */
const PG_LOST_MESSAGES = /Connection terminated|Client has encountered a connection error/;
const PG_LOST_SQLSTATE = /^57P0[12]$/;

/**
 * True when a query failed because the connection under it was lost (reset, terminated, the server restarting),
 * not because the database is slow or unreachable: a fresh connection may well succeed at once.
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  if (typeof code === 'string' && PG_LOST_SQLSTATE.test(code)) return true;
  return PG_LOST_MESSAGES.test(error.message);
}

/**
 * A constraint a row broke (SQLite's SQLITE_CONSTRAINT_*, PostgreSQL's class 23): the row's fault, not the
 * database's.
 */
export function isConstraintViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23...$/.test(code));
}
