import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The harness's parts, and every contender with the store's features answering over real HTTP (a real store
    // process, real SQLite, and PostgreSQL when TEST_DATABASE_URL is set); the benchmark itself never runs here.
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-support/stop-servers-after-file.ts'],
    hookTimeout: 60_000,
    // Tests start real processes: on two shared cores one start can take longer than vitest's 5 s default. A guard
    // against a hang, not a margin.
    testTimeout: 60_000,
    // What a test waits for (a log line written asynchronously) may come a few seconds late on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
