// The version the contract is about to be released at: package.json's, moved by the pending changesets
// (.changeset/*.md, written by `pnpm changeset`) as `changeset version` will move it. Changesets' own planner decides
// it, from the repository's packages, its .changeset/config.json and the changesets, so the gate judges a change at
// the version the release will really have.
import { getReleasePlan } from '@changesets/get-release-plan';

/** The version `changeset version` would give the package `name`, now at `version`, of the repository at `root`. */
export async function pendingVersion(root, name, version) {
  const { releases } = await getReleasePlan(root);
  return releases.find((release) => release.name === name)?.newVersion ?? version;
}
