// The gate sees what oasdiff does not: the scope each operation needs and the set of error codes, compared with the
// released document's, or with what the release recorded beside it (releases/1.1.0/scopes-and-codes.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  copyOfReleases,
  editedCopy,
  generated,
  releasesHolding,
  runCheck,
  scratchDir,
} from './gate-test-support.mjs';
import { RELEASES_DIR, releasedDocumentPath } from './releases.mjs';

const workDir = scratchDir();

/** The generated document as if it had been released at 1.1.0: it states its scopes and codes itself. */
const generatedRelease = releasesHolding(workDir, '1.1.0', generated);

/** The repository's releases as released: 1.1.0's document, and its scopes and codes recorded beside it. */
const released = copyOfReleases(workDir);

const check = (edit, releases = generatedRelease, version = '1.1.0') =>
  runCheck(editedCopy(workDir, edit), releases, version);

/** What `scopes` on one operation does to the document, as a changed `metadata.scope` would. */
const needing =
  (path, method, ...scopes) =>
  (document) => {
    document.paths[path][method]['x-required-scopes'] = scopes;
  };

/** What renaming a code in ERROR_CODES does to the document: every mention of it changes, examples included. */
const renamingCode = (from, to) => (document) => JSON.parse(JSON.stringify(document).replaceAll(from, to));

const errorCodes = (document) => document.components.schemas.Error.properties.code['x-extensible-enum'];

describe('contract:check on scopes and error codes', { timeout: 60_000 }, () => {
  it('fails when listPets needs keys:manage where it needed pets:read, and says who is refused', () => {
    const { status, output } = check(needing('/pets', 'get', 'keys:manage'));
    expect(output).toContain(
      'error    GET /pets: now needs the scope(s) `keys:manage` (it needed `pets:read`): keys it accepted are ' +
        'refused with 403',
    );
    expect(output).toContain('breaking change(s)');
    expect(status).toBe(1);
  });

  it('fails a scope added to the operation any active key may call', () => {
    const { status, output } = check(needing('/api-keys/current', 'get', 'keys:manage'));
    expect(output).toContain(
      'error    GET /api-keys/current: now needs the scope(s) `keys:manage` (any active key could call it)',
    );
    expect(status).toBe(1);
  });

  it('passes a scope no longer needed, and says a changeset is due', () => {
    const { status, output } = check(needing('/pets', 'post'));
    expect(output).toContain('info     POST /pets: no longer needs the scope(s) `pets:write`');
    expect(output).toContain('add a changeset');
    expect(status).toBe(0);
  });

  it('fails a renamed error code: clients match on the old one', () => {
    const { status, output } = check(renamingCode('last_key_manager', 'last_key_admin'));
    expect(output).toContain(
      'error    error codes: removed the error code `last_key_manager`, which clients may match on',
    );
    expect(output).toContain('info     error codes: added the error code `last_key_admin`');
    expect(status).toBe(1);
  });

  it('admits the rename when the contract moves to a new major version', () => {
    const { status, output } = check(
      renamingCode('last_key_manager', 'last_key_admin'),
      generatedRelease,
      '2.0.0',
    );
    expect(output).toContain('removed the error code `last_key_manager`');
    expect(output).toContain('Breaking changes admitted: 2.0.0 is a new major version.');
    expect(status).toBe(0);
  });

  it('passes an added error code, and says a changeset is due', () => {
    const { status, output } = check((document) => {
      errorCodes(document).push('rotation_in_progress');
    });
    expect(output).toContain('info     error codes: added the error code `rotation_in_progress`');
    expect(output).toContain('add a changeset');
    expect(status).toBe(0);
  });

  it('fails a document that does not state the scopes of an operation or the error codes', () => {
    const { status, output } = check((document) => {
      delete document.paths['/pets'].get['x-required-scopes'];
      delete document.components.schemas.Error.properties.code['x-extensible-enum'];
    });
    expect(output).toContain('The document states no x-required-scopes on GET /pets: regenerate it');
    expect(output).toContain(
      "The document states no x-extensible-enum on the Error schema's code: regenerate it",
    );
    expect(status).toBe(1);
  });
});

describe('contract:check against the released 1.1.0, which states its scopes and codes only in words', {
  timeout: 60_000,
}, () => {
  it('fails the generated document within major version 1: the name rule, now stated, refuses names 1.1.0 took', () => {
    const { status, output } = check(() => {}, released, '1.2.0');
    expect(output).toContain(
      "POST /pets: the `name` request property's minLength was increased from `0` to `1`",
    );
    expect(output).toContain('POST /api-keys: changed the pattern of the request property `name`');
    expect(output).toContain('breaking change(s)');
    expect(status).toBe(1);
  });

  it('passes the generated document as 2.0.0: the scopes recorded for 1.1.0, their codes and only added ones', () => {
    const { status, output } = check(() => {}, released, '2.0.0');
    expect(output).toContain('compared with the released 1.1.0');
    // What 2.0.0 breaks is the names' rule and the bodies it made required, nothing of scopes or codes.
    const breaking = output.split('\n').filter((line) => /^ {2}(error|warning) /.test(line));
    expect(
      breaking.filter(
        (line) => !/`name` request property|request property `name`|request body became required/.test(line),
      ),
    ).toStrictEqual([]);
    expect(output).not.toContain('scope(s)');
    expect(output).not.toContain('removed the error code');
    expect(status).toBe(0);
  });

  it('fails listPets needing keys:manage', () => {
    const { status, output } = check(needing('/pets', 'get', 'keys:manage'), released);
    expect(output).toContain(
      'error    GET /pets: now needs the scope(s) `keys:manage` (it needed `pets:read`)',
    );
    expect(status).toBe(1);
  });

  it('fails last_key_manager renamed', () => {
    const { status, output } = check(renamingCode('last_key_manager', 'last_key_admin'), released);
    expect(output).toContain('removed the error code `last_key_manager`');
    expect(status).toBe(1);
  });

  it('fails, naming the file to write, when a released document states neither and nothing is recorded', () => {
    const bare = releasesHolding(workDir, '1.1.0', readFileSync(releasedDocumentPath(RELEASES_DIR, '1.1.0')));
    const { status, output } = check(() => {}, bare);
    expect(output).toContain(
      'The released 1.1.0 states no x-required-scopes on GET /pets, POST /pets, GET /pets/{petId}, GET /api-keys, ' +
        'POST /api-keys, GET /api-keys/current, DELETE /api-keys/{keyId}, POST /api-keys/{keyId}/rotate and no ' +
        "x-extensible-enum on the Error schema's code: record what it promised in " +
        'releases/1.1.0/scopes-and-codes.json',
    );
    expect(status).toBe(1);
  });
});
