// `release:snapshot` keeps a version's document once: run again for a released version with a different document,
// it refuses and leaves the kept one as it was, so the gate still compares with what clients were given.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  copyOfReleases,
  editedCopy,
  removeAnimalResponseField,
  runCheck,
  runSnapshot,
  scratchDir,
} from './gate-test-support.mjs';
import { releasedDocumentPath } from './releases.mjs';

const workDir = scratchDir();

/** The generated document as it would be at `version`, changed by `edit`. */
const documentAt = (version, edit = () => {}) =>
  editedCopy(workDir, (document) => {
    edit(document);
    document.info.version = version;
  });

describe('release:snapshot', { timeout: 60_000 }, () => {
  it('refuses to replace the released 1.1.0 with a document that lost a field, and the gate still fails it', () => {
    const releases = copyOfReleases(workDir);
    const kept = readFileSync(releasedDocumentPath(releases, '1.1.0'));
    const lostCategory = documentAt('1.1.0', removeAnimalResponseField('categoryId'));

    const snapshot = runSnapshot(lostCategory, releases, '1.1.0');
    expect(snapshot.output).toContain(
      'is already kept for 1.1.0 and differs from the current document: left unchanged.',
    );
    expect(snapshot.output).toContain('Release the change as a new version');
    expect(snapshot.status).toBe(1);
    expect(readFileSync(releasedDocumentPath(releases, '1.1.0')).equals(kept)).toBe(true);

    const check = runCheck(lostCategory, releases, '1.1.0');
    expect(check.output).toContain('removed the required property `categoryId`');
    expect(check.status).toBe(1);
  });

  it('passes a run again with the very document kept, and changes nothing', () => {
    const releases = copyOfReleases(workDir);
    const kept = releasedDocumentPath(releases, '1.1.0');
    const { status, output } = runSnapshot(kept, releases, '1.1.0');
    expect(output).toContain('already kept, byte for byte the current document.');
    expect(status).toBe(0);
  });

  it('keeps a new version as it is, which the gate then compares with', () => {
    const releases = copyOfReleases(workDir);
    const next = documentAt('1.2.0');
    const { status, output } = runSnapshot(next, releases, '1.2.0');
    expect(output).toContain('1.2.0/openapi.json: written.');
    expect(status).toBe(0);
    expect(readFileSync(releasedDocumentPath(releases, '1.2.0'), 'utf8')).toBe(readFileSync(next, 'utf8'));
    expect(runCheck(next, releases, '1.2.0').output).toContain('compared with the released 1.2.0');
  });

  it('refuses a document generated for another version', () => {
    const releases = copyOfReleases(workDir);
    const { status, output } = runSnapshot(documentAt('1.1.0'), releases, '1.2.0');
    expect(output).toContain('The document is at 1.1.0, the release at 1.2.0: regenerate it');
    expect(status).toBe(1);
  });
});
