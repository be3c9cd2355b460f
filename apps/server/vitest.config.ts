import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Real databases and real child processes: give slow machines room, but never wait forever.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
