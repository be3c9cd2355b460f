import { defineConfig } from 'vitest/config';

const shared = {
  // Each test file runs its own server process and many CLI processes: two at a time suits a small machine.
  maxWorkers: 2,
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'cli',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/unbuilt-checkout.test.ts'],
        },
      },
      {
        // Removes the built CLI that every other test runs: only once they have all finished (a later group).
        test: {
          ...shared,
          name: 'unbuilt checkout',
          include: ['test/unbuilt-checkout.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
