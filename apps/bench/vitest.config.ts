import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Only the pure parts of the harness: the benchmark itself never runs under `pnpm test`.
    include: ['src/**/*.test.ts'],
  },
});
