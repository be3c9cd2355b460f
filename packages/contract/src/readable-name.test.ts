import { describe, expect, it } from 'vitest';
import { PET_NAME_MAX_LENGTH } from './limits.js';
import { FIELD_MESSAGES as M } from './messages.js';
import { openApiDocument } from './openapi.js';
import { readableName, readableNamePattern } from './readable-name.js';
import { API_KEY_NAME_MAX_LENGTH } from './rules.js';

const name = readableName(100, 'too long');
const problemOf = (text: string) => name.safeParse(text).error?.issues.map((issue) => issue.message);

describe('a readable name', () => {
  it.each([
    ['Rex'],
    ['ci pipeline'],
    ['Müller'],
    ['🐕\u200D🦺 service dog'],
    ['👨\u200D👩\u200D👧'],
    ['می\u200Cخواهم'],
    ['क्\u200Dष'],
    ['مرحبا'],
  ])('takes %s', (text) => {
    expect(problemOf(text)).toBeUndefined();
  });

  it.each([
    ['a right-to-left override', 'deploy \u202Etob'],
    ['an isolate', 'deploy \u2066bot\u2069'],
    ['a right-to-left mark', 'bot\u200F'],
    ['an Arabic letter mark', 'bot\u061C'],
    ['a zero-width space', 'ad\u200Bmin'],
    ['a word joiner', 'ad\u2060min'],
    ['a byte order mark', '\uFEFFadmin'],
    ['a soft hyphen', 'ad\u00ADmin'],
    ['a joiner after an ASCII letter', 'ad\u200Dmin'],
    ['a joiner first', '\u200C🐕'],
    ['a joiner last', '🐕\u200D'],
    ['a joiner before a space', '🐕\u200D dog'],
    ['two joiners', '🐕\u200D\u200D🦺'],
  ])('refuses %s', (_, text) => {
    expect(problemOf(text)).toStrictEqual([M.nameInvisibleCharacters]);
  });
});

describe("a readable name's length", () => {
  it('counts characters (code points), as JSON Schema does: 100 emoji fit in 100', () => {
    expect(problemOf('🐕'.repeat(100))).toBeUndefined();
    expect(problemOf('🐕'.repeat(101))).toStrictEqual(['too long']);
  });
});

describe('the OpenAPI document', () => {
  /** The name property of the JSON body `path` takes, as the document states it. */
  const nameIn = (path: string) => {
    const body = JSON.parse(JSON.stringify(openApiDocument.paths[path]?.post?.requestBody));
    return body.content['application/json'].schema.properties.name;
  };

  it.each([
    ['/pets', PET_NAME_MAX_LENGTH],
    ['/api-keys', API_KEY_NAME_MAX_LENGTH],
  ])('states the whole rule of a name sent to %s: the one pattern the store checks', (path, maxLength) => {
    expect(nameIn(path)).toMatchObject({
      minLength: 1,
      maxLength,
      pattern: readableNamePattern(maxLength).source,
    });
  });
});
