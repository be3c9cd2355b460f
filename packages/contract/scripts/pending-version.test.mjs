import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingVersion } from './pending-version.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/**
 * A pnpm workspace shaped like this one: the contract, and the client depending on it, with the repository's
 * changesets configuration and one file per front matter given, as `pnpm changeset` writes them.
 */
function repository(contractVersion, ...frontMatters) {
  root = mkdtempSync(join(tmpdir(), 'changesets-'));
  writeJson(join(root, 'package.json'), { name: 'root', private: true });
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
  for (const [dir, manifest] of [
    ['contract', { name: '@animal-store/contract', version: contractVersion }],
    [
      'client',
      {
        name: '@animal-store/client',
        version: '1.1.0',
        dependencies: { '@animal-store/contract': 'workspace:^' },
      },
    ],
  ]) {
    mkdirSync(join(root, 'packages', dir), { recursive: true });
    writeJson(join(root, 'packages', dir, 'package.json'), manifest);
  }
  mkdirSync(join(root, '.changeset'));
  writeFileSync(join(root, '.changeset', 'README.md'), '# Changesets\n');
  writeJson(join(root, '.changeset', 'config.json'), {
    changelog: false,
    commit: false,
    access: 'public',
    baseBranch: 'main',
    updateInternalDependencies: 'patch',
    privatePackages: { version: false, tag: false },
  });
  frontMatters.forEach((frontMatter, index) => {
    writeFileSync(
      join(root, '.changeset', `change-${index}.md`),
      `---\n${frontMatter}\n---\n\nWhat changed.\n`,
    );
  });
  return root;
}

describe('pendingVersion', () => {
  it("is package.json's version while no changeset names the contract", async () => {
    const dir = repository('1.1.0', `"@animal-store/client": major`);
    expect(await pendingVersion(dir, '@animal-store/contract', '1.1.0')).toBe('1.1.0');
  });

  it('applies the largest bump the changesets name, as `changeset version` will', async () => {
    const dir = repository(
      '1.1.3',
      `"@animal-store/contract": patch`,
      `'@animal-store/contract': minor\n"@animal-store/client": minor`,
    );
    expect(await pendingVersion(dir, '@animal-store/contract', '1.1.3')).toBe('1.2.0');
  });

  it('makes a major changeset the next major version, which admits breaking changes', async () => {
    const dir = repository('1.1.0', `"@animal-store/client": patch\n"@animal-store/contract": major`);
    expect(await pendingVersion(dir, '@animal-store/contract', '1.1.0')).toBe('2.0.0');
  });

  it('reads a patch changeset as the next patch', async () => {
    const dir = repository('1.1.0', `"@animal-store/contract": patch`);
    expect(await pendingVersion(dir, '@animal-store/contract', '1.1.0')).toBe('1.1.1');
  });
});
