import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The server's built entry point, resolved through its package's `exports` (`@animal-store/server/main`). The server
 * depends on this package (it serves the built app), and a dependency back would be a cycle that turbo refuses, so
 * the name is resolved from inside the server package (a package may always import itself by name), through pnpm.
 */
export function resolveServerMain(): string {
  const url = execFileSync(
    'pnpm',
    [
      '--filter',
      '@animal-store/server',
      'exec',
      'node',
      '--input-type=module',
      '--eval',
      "process.stdout.write(import.meta.resolve('@animal-store/server/main'))",
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return fileURLToPath(url.trim());
}
