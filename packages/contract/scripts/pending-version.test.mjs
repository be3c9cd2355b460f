import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingVersion } from './pending-version.mjs';

let changesetDir;
afterEach(() => rmSync(changesetDir, { recursive: true, force: true }));

/** A .changeset folder with one file per front matter given, as `pnpm changeset` writes them. */
function changesets(...frontMatters) {
  changesetDir = mkdtempSync(join(tmpdir(), 'changesets-'));
  writeFileSync(join(changesetDir, 'README.md'), '# Changesets\n');
  writeFileSync(join(changesetDir, 'config.json'), '{}\n');
  frontMatters.forEach((frontMatter, index) => {
    writeFileSync(join(changesetDir, `change-${index}.md`), `---\n${frontMatter}\n---\n\nWhat changed.\n`);
  });
  return changesetDir;
}

describe('pendingVersion', () => {
  it("is package.json's version while no changeset names the contract", () => {
    const dir = changesets(`"@animal-store/client": major`);
    expect(pendingVersion(dir, '@animal-store/contract', '1.1.0')).toBe('1.1.0');
  });

  it('applies the largest bump the changesets name, as `changeset version` will', () => {
    const dir = changesets(
      `"@animal-store/contract": patch`,
      `'@animal-store/contract': minor\n"@animal-store/client": minor`,
    );
    expect(pendingVersion(dir, '@animal-store/contract', '1.1.3')).toBe('1.2.0');
  });

  it('makes a major changeset the next major version, which admits breaking changes', () => {
    const dir = changesets(`"@animal-store/client": patch\n"@animal-store/contract": major`);
    expect(pendingVersion(dir, '@animal-store/contract', '1.1.0')).toBe('2.0.0');
  });

  it('reads a patch changeset as the next patch', () => {
    const dir = changesets(`"@animal-store/contract": patch`);
    expect(pendingVersion(dir, '@animal-store/contract', '1.1.0')).toBe('1.1.1');
  });
});
