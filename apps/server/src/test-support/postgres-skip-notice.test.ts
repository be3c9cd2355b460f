import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';

/** A real vitest run of one small suite, with or without TEST_DATABASE_URL: its whole output. */
function vitestOutput(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['exec', 'vitest', 'run', 'src/config.test.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

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
