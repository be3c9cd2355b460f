// What is recorded beside the released 1.1.0 is what 1.1.0 promised: its document states each operation's scope
// in a sentence and every error code in the Errors table, and the record says the same, no more, no less.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES_DIR, releasedDocumentPath } from './releases.mjs';
import { releasedScopesAndCodes, SUPPLEMENT_FILE, scopesAndCodesOf } from './scopes-and-codes.mjs';

const released = JSON.parse(readFileSync(releasedDocumentPath(RELEASES_DIR, '1.1.0'), 'utf8'));
const recorded = JSON.parse(readFileSync(join(RELEASES_DIR, '1.1.0', SUPPLEMENT_FILE), 'utf8'));

/** Each operation's scopes as its description words them: "Needs an API key with the `pets:read` scope." */
function scopesInWords(document) {
  return Object.fromEntries(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => {
        const scope = /Needs an API key with the `([^`]+)` scope\./.exec(operation.description)?.[1];
        const anyKey = operation.description.includes('Any active API key may call it.');
        expect(scope !== undefined || anyKey, `${method} ${path}`).toBe(true);
        return [`${method.toUpperCase()} ${path}`, scope ? [scope] : []];
      }),
    ),
  );
}

/** The codes of the Errors section's table, in its order: "| `validation_failed` | 400 | …". */
function codesInWords(document) {
  const errors = document.tags.find((tag) => tag.name === 'Errors').description;
  return [...errors.matchAll(/^\| `([a-z_]+)` \| \d{3} \|/gm)].map((match) => match[1]);
}

describe('the scopes and codes recorded for 1.1.0', () => {
  it("are those its document states in words, where it has no x-required-scopes nor the codes' set", () => {
    expect(scopesAndCodesOf(released).errorCodes).toBeUndefined();
    expect(scopesAndCodesOf(released).requiredScopes).toStrictEqual({});
    expect(recorded.requiredScopes).toStrictEqual(scopesInWords(released));
    expect(recorded.errorCodes).toStrictEqual(codesInWords(released));
  });

  it('complete the released document for the gate, which reads the document first', () => {
    const promised = releasedScopesAndCodes(RELEASES_DIR, '1.1.0');
    expect(promised).toStrictEqual({
      requiredScopes: recorded.requiredScopes,
      unstated: [],
      errorCodes: recorded.errorCodes,
    });
    expect(promised.requiredScopes['GET /pets']).toStrictEqual(['pets:read']);
    expect(promised.errorCodes).toContain('last_key_manager');
  });
});
