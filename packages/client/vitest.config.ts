import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each test file starts its own store process.
    maxWorkers: 3,
    testTimeout: 30_000,
    // Room for a store to start on a loaded machine (@animal-store/testing waits up to 45 s).
    hookTimeout: 60_000,
  },
});
