import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES as M } from './messages.js';
import { readableName } from './readable-name.js';

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
