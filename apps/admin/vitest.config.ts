import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'components',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
          // Above the waits' own bound (test-setup.ts), so that a slow screen fails with what it did not show.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // Each file runs stores and a browser of its own; one file at a time keeps two shared cores responsive.
          fileParallelism: false,
          // A real server process and a real browser: give two shared cores room, but never wait forever.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The page reflects each step after a real round trip; CI may be busy with other packages' tests.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
