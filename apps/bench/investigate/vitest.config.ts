import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Run by `pnpm --filter @animal-store/bench investigate:test` only; the package's own tests leave this folder out.
    include: ['investigate/**/*.test.ts'],
  },
});
