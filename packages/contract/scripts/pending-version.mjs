// The version the contract is about to be released at: package.json's, moved by the pending changesets
// (.changeset/*.md, written by `pnpm changeset`) as `changeset version` will move it, the largest bump winning. Read
// here because changesets' own planner needs Node 22 and this check also runs on Node 20; the contract depends on no
// other workspace and is in no fixed or linked group, so the largest bump is the whole plan for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BUMPS = ['patch', 'minor', 'major'];

/** The bumps one changeset names for `name`, from front-matter lines such as `"@animal-store/contract": minor`. */
function bumpsIn(changeset, name) {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(changeset)?.[1] ?? '';
  return frontMatter.split(/\r?\n/).flatMap((line) => {
    const entry = /^\s*(["']?)(.+?)\1\s*:\s*(patch|minor|major)\s*$/.exec(line);
    return entry?.[2] === name ? [entry[3]] : [];
  });
}

export function pendingVersion(changesetDir, name, version) {
  const changesets = existsSync(changesetDir)
    ? readdirSync(changesetDir).filter((file) => file.endsWith('.md') && file !== 'README.md')
    : [];
  const bumps = changesets.flatMap((file) => bumpsIn(readFileSync(join(changesetDir, file), 'utf8'), name));
  const largest = BUMPS.filter((bump) => bumps.includes(bump)).at(-1);
  const [major, minor, patch] = version.split('.').map(Number);
  if (largest === 'major') return `${major + 1}.0.0`;
  if (largest === 'minor') return `${major}.${minor + 1}.0`;
  if (largest === 'patch') return `${major}.${minor}.${patch + 1}`;
  return version;
}
