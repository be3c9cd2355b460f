import { afterAll, beforeAll } from 'vitest';
import { sqliteTestDatabase, type TestDatabaseKind } from './databases.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * A test server on a fresh database for the enclosing `describe`, started before its tests and removed after them.
 * Returns an accessor, since the server exists only once the tests run.
 */
export function useTestServer(
  kind: TestDatabaseKind = sqliteTestDatabase,
  options?: Parameters<typeof startTestServer>[1],
): () => TestServer {
  let server: TestServer | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = await kind.create();
    drop = () => database.drop();
    server = await startTestServer(database.config, options);
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  return () => {
    if (!server) throw new Error('The test server exists only inside tests.');
    return server;
  };
}
