import type { DatabaseConnection, Dialect } from 'kysely';

export type DatabaseSystem = 'sqlite' | 'postgresql';

/** Runs one statement inside whatever records it (a span); `sql` has placeholders, never the values. */
export type QueryTracer = <T>(system: DatabaseSystem, sql: string, run: () => Promise<T>) => Promise<T>;

/**
 * The dialect with every statement of its connections passed through `traceQuery`. The seam is the connection's
 * executeQuery, where every statement meets the database: the built queries, the compiled ones (prepared-query.ts)
 * and the transactions' own begin and commit alike. Only wrapped when tracing is on, so that off costs nothing.
 */
export function tracedDialect(dialect: Dialect, system: DatabaseSystem, traceQuery: QueryTracer): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver() {
      const driver = dialect.createDriver();
      const traced = new WeakSet<DatabaseConnection>();
      const acquire = driver.acquireConnection.bind(driver);
      // The connection objects are the driver's own (pooled PostgreSQL ones are reused), and the driver's other
      // methods expect them back: each is wrapped once, in place, rather than handed out as a copy.
      driver.acquireConnection = async () => {
        const connection = await acquire();
        if (!traced.has(connection)) {
          traced.add(connection);
          const execute = connection.executeQuery.bind(connection);
          connection.executeQuery = (query) => traceQuery(system, query.sql, () => execute(query));
        }
        return connection;
      };
      return driver;
    },
  };
}
