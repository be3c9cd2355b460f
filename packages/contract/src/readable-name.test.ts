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
    ['Zoë Ångström-Łukasiewicz'],
    ['Ελένη'],
    ['Олег'],
    ['שָׁלוֹם'],
    ['नमस्ते'],
    ['र्\u200Dया'],
    ['ශ්\u200Dරී ලංකා'],
    ['कि\u200Cसी'],
    ['ป้าสมศรี'],
    ['小狗'],
    ['김민준'],
    ['ポチ たま'],
    ['葛\u{E0100}飾'],
    ['ሰላም'],
    ['👩🏽\u200D💻'],
    ['🏳\uFE0F\u200D🌈'],
    ['🏳\uFE0F\u200D⚧\uFE0F'],
    ['❤\uFE0F\u200D🔥'],
    ['🇫🇷 🇯🇵'],
    ['🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['#\uFE0F\u20E3 1'],
    ['a\u2800b'],
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
    ['a joiner after a Latin letter with an accent', 'e\u0301\u200Dx'],
    ['a joiner after a Devanagari letter that is not a virama', 'क\u200Dष'],
    ['a joiner between a virama and a Latin letter', 'क्\u200Dx'],
    ['a Hangul filler inside', 'Rex\u3164'],
    ['tags after a Latin word', 'Rex\u{E0041}\u{E0042}'],
    ['a tag sequence that is not a flag platforms show', '🏴\u{E0061}\u{E0062}\u{E0063}\u{E007F}'],
    ['a cancel tag alone', 'Rex\u{E007F}'],
    ['a deprecated format character', 'ad\u206Amin'],
    ['an interlinear annotation', 'Rex\uFFF9hidden\uFFFA\uFFFB'],
    ['a combining grapheme joiner', 'ad\u034Fmin'],
    ['a variation selector after a Latin letter', 'Rex\uFE0F'],
    ['a variation selector after an emoji that has one', '❤\uFE0F\uFE0F'],
    ['an Arabic number sign', '\u0600١٢'],
  ])('refuses %s', (_, text) => {
    expect(problemOf(text)).toStrictEqual([M.nameInvisibleCharacters]);
  });
});

describe('a blank name', () => {
  it.each([
    ['a Hangul filler', '\u3164'],
    ['a halfwidth Hangul filler', '\uFFA0'],
    ['a Hangul choseong and jungseong filler', '\u115F\u1160'],
    ['the braille blank', '\u2800'],
    ['white space and the braille blank', ' \u2800\u3000'],
  ])('is refused as blank: %s', (_, text) => {
    expect(problemOf(text)).toStrictEqual([M.nameBlank]);
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
