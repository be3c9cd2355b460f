// The OpenAPI document of every released version of the contract: releases/<version>/openapi.json.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RELEASES_DIR = fileURLToPath(new URL('../releases', import.meta.url));

const RELEASE_VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

const parts = (version) => {
  const match = RELEASE_VERSION.exec(version);
  if (!match) throw new Error(`${version} is not a release version (major.minor.patch)`);
  return match.slice(1).map(Number);
};

export const majorOf = (version) => parts(version)[0];

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareVersions(a, b) {
  const [x, y] = [parts(a), parts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export const releasedDocumentPath = (releasesDir, version) => join(releasesDir, version, 'openapi.json');

/** The versions released so far, oldest first. */
export function releasedVersions(releasesDir) {
  return readdirSync(releasesDir)
    .filter((name) => RELEASE_VERSION.test(name))
    .sort(compareVersions);
}
