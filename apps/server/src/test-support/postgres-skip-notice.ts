/**
 * Vitest's global setup: without TEST_DATABASE_URL the PostgreSQL half of the suites is skipped, which the counts
 * alone do not explain; one line says which suites and how to run them. It never fails the run.
 */
export default function announceSkippedPostgresSuites(): void {
  if (process.env.TEST_DATABASE_URL) return;
  process.stdout.write(
    'PostgreSQL not configured (TEST_DATABASE_URL unset): skipping the storage and HTTP suites on PostgreSQL, ' +
      'PgBouncer, connection faults and several workers. Run them with ' +
      'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm test\n',
  );
}
