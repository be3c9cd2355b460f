import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the admin app's `vite build` output, an index page and one asset (`/admin/assets/app-1234.js`):
 * what the page tests check is how the server serves whatever was built. `remove` deletes it.
 */
export function adminBuildStandIn(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Admin</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'export {};');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
