import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The files a browser test needs to run the store, by their package exports. */
export interface ServerFiles {
  /** `@animal-store/server/main`: the built entry point. */
  main: string;
  /** `@animal-store/testing/exit-with-parent`: ends the store when the test process ends, however it ends. */
  exitWithParent: string;
}

/**
 * The entry point is resolved through the server package's `exports`. The server depends on this package (it
 * serves the built app), and a dependency back would be a cycle that turbo refuses, so that name is resolved from
 * inside the server package (a package may always import itself by name), through pnpm. The exit helper is the
 * tests' own package's.
 */
export function resolveServerFiles(): ServerFiles {
  const script = `process.stdout.write(JSON.stringify({
    main: import.meta.resolve('@animal-store/server/main'),
  }))`;
  const output = execFileSync(
    'pnpm',
    ['--filter', '@animal-store/server', 'exec', 'node', '--input-type=module', '--eval', script],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const urls = JSON.parse(output) as { main: string };
  return {
    main: fileURLToPath(urls.main),
    // Vitest's module runner has no import.meta.resolve; require's resolution reads the same exports.
    exitWithParent: createRequire(import.meta.url).resolve('@animal-store/testing/exit-with-parent'),
  };
}
