import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The harness's parts, and every contender with the store's features answering over real HTTP (a real store
    // process, real SQLite, and PostgreSQL when TEST_DATABASE_URL is set); the benchmark itself never runs here.
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-support/stop-servers-after-file.ts'],
    hookTimeout: 60_000,
    // What a test waits for (a log line written asynchronously) may come a few seconds late on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
