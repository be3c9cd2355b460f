import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The server's files a browser test needs, by their package export. */
export interface ServerFiles {
  /** `@animal-store/server/main`: the built entry point. */
  main: string;
  /** `@animal-store/server/testing/exit-with-parent`: ends the store when the test process ends, however it ends. */
  exitWithParent: string;
}

/**
 * Resolved through the server package's `exports`. The server depends on this package (it serves the built app),
 * and a dependency back would be a cycle that turbo refuses, so the names are resolved from inside the server
 * package (a package may always import itself by name), through pnpm.
 */
export function resolveServerFiles(): ServerFiles {
  const script = `process.stdout.write(JSON.stringify({
    main: import.meta.resolve('@animal-store/server/main'),
    exitWithParent: import.meta.resolve('@animal-store/server/testing/exit-with-parent'),
  }))`;
  const output = execFileSync(
    'pnpm',
    ['--filter', '@animal-store/server', 'exec', 'node', '--input-type=module', '--eval', script],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const urls = JSON.parse(output) as Record<keyof ServerFiles, string>;
  return { main: fileURLToPath(urls.main), exitWithParent: fileURLToPath(urls.exitWithParent) };
}
