import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the build puts Scalar's browser bundle: beside this module in dist/, so that a deployed store carries the
 * one 4 MB script it serves, not the 280 MB of packages that `@scalar/api-reference` installs.
 */
export const COPIED_BUNDLE = fileURLToPath(new URL('./api-reference/standalone.js', import.meta.url));

/**
 * The standalone bundle inside the `@scalar/api-reference` devDependency. The package does not export it, so it is
 * found beside the package's entry point (`dist/index.js` → `dist/browser/standalone.js`), where its CDN builds
 * take it from; the server's tests fetch it, and fail when the package moves it.
 */
export function packagedBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(entry), 'browser', 'standalone.js');
}

/**
 * The bundle to serve: the build's copy (a deployed store, `pnpm start`), else the devDependency's (tests and
 * `pnpm dev` run from src/); undefined when neither is there.
 */
export function referenceBundle(): string | undefined {
  if (existsSync(COPIED_BUNDLE)) return COPIED_BUNDLE;
  try {
    const packaged = packagedBundle();
    return existsSync(packaged) ? packaged : undefined;
  } catch {
    return undefined;
  }
}
