import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../paths.js';
import type { Extras } from '../report/results-file.js';

function javascriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** What a browser downloads to open the admin app: its built JavaScript, gzipped as a server would send it. */
export function measureAdminBundle(distDir = join(repoRoot, 'apps/admin/dist')): Extras['adminBundle'] {
  if (!existsSync(distDir)) return { measured: false, reason: 'apps/admin/dist does not exist' };
  const files = javascriptFiles(distDir);
  if (files.length === 0) return { measured: false, reason: 'apps/admin/dist holds no JavaScript yet' };
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    rawBytes += content.length;
    gzipBytes += gzipSync(content).length;
  }
  return { measured: true, files: files.length, gzipBytes, rawBytes };
}
