import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarballs, type Tarballs } from './support/outside-project.js';

/** A fresh clone, installed, then packed by the README's command: a minute or more on a loaded machine. */
const PACK_TIMEOUT_MS = 600_000;

let tarballs: Tarballs;
const unpacked: string[] = [];

beforeAll(async () => {
  tarballs = await packTarballs();
}, PACK_TIMEOUT_MS);

afterAll(async () => {
  for (const dir of unpacked) rmSync(dir, { recursive: true, force: true });
  await tarballs?.remove();
});

/** The tarball's files, unpacked as npm installs them: `<dir>/package/...`. */
function unpack(tarball: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'animal-store-unpacked-'));
  unpacked.push(dir);
  execFileSync('tar', ['-xzf', tarball, '-C', dir]);
  return join(dir, 'package');
}

interface SourceMap {
  sources: string[];
  sourcesContent?: (string | null)[];
}

describe.each([
  ['@animal-store/contract', () => tarballs.contract],
  ['@animal-store/client', () => tarballs.client],
])('the packed %s', (_, tarball) => {
  it('has source maps that carry every source they name, so a debugger shows the TypeScript', () => {
    const root = unpack(tarball());
    const maps = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.map'),
    );
    expect(maps.length).toBeGreaterThan(0);
    const missing = maps.flatMap((file) => {
      const map = JSON.parse(readFileSync(join(root, file), 'utf8')) as SourceMap;
      return map.sources
        .filter((_, index) => typeof map.sourcesContent?.[index] !== 'string')
        .map((source) => `${file}: ${source}`);
    });
    expect(missing).toStrictEqual([]);
  });
});
