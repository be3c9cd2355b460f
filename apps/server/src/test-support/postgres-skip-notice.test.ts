import { expect, it } from 'vitest';
import { vitestRun } from './vitest-run.js';

/** A real vitest run of one small suite, with or without TEST_DATABASE_URL. */
const vitestOutput = (env: Record<string, string>) =>
  vitestRun(['src/config/config.test.ts'], {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...env,
  });

const NOTICE = 'PostgreSQL not configured (TEST_DATABASE_URL unset): skipping';

it('says once which suites are skipped without TEST_DATABASE_URL and how to run them, without failing', async () => {
  const without = await vitestOutput({});
  expect(without.code).toBe(0);
  expect(without.output.split(NOTICE)).toHaveLength(2);
  expect(without.output).toContain('TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm test');
  const withPostgres = await vitestOutput({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
  expect(withPostgres.code).toBe(0);
  expect(withPostgres.output).not.toContain(NOTICE);
});
