import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/postgres-skip-notice.ts'],
    // Real databases and real child processes: give slow machines room, but never wait forever. A test may start
    // up to three server processes through tsx, each up to 20 s on a loaded 2-core machine.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // What a test waits for (a log line, a worker) may come a few seconds late on the same loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
