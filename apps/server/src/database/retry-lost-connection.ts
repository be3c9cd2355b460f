import { isConnectionLost } from './database-errors.js';

/**
 * Runs a query that is safe to run twice (a read, or a delete that only releases) once more when the connection
 * under it was lost: the pool has discarded that connection, so the second attempt runs on another, and a
 * restart or failover that the pool has not noticed yet costs the client nothing. A timeout is not retried: a
 * second attempt would only wait as long again.
 */
export async function onceMoreIfConnectionLost<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isConnectionLost(error)) throw error;
    return run();
  }
}
