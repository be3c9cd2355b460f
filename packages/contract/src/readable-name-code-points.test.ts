import { describe, expect, it } from 'vitest';
import { readableNamePattern } from './readable-name.js';

/**
 * Every code point through the name rule, alone and between other characters. The counts are pinned for the Unicode
 * version of the engine the tests run on: a Node with another version changes them, and whoever upgrades sees what
 * the new characters do to names before updating the counts.
 */
const rule = readableNamePattern(255);
const LAST_CODE_POINT = 0x10ffff;

/** The code points that `rule` takes in `context`, counted, and those of them that are hidden, listed in hex. */
function sweep(context: (character: string) => string) {
  let accepted = 0;
  const acceptedHidden: string[] = [];
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint += 1) {
    const character = String.fromCodePoint(codePoint);
    if (!rule.test(context(character))) continue;
    accepted += 1;
    if (/[\p{Cc}\p{Cs}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(character)) {
      acceptedHidden.push(codePoint.toString(16).toUpperCase());
    }
  }
  return { accepted, refused: LAST_CODE_POINT + 1 - accepted, acceptedHidden };
}

// About a second a sweep on an idle machine: a timeout far above it, so that a loaded machine does not fail it.
describe('every code point', { timeout: 60_000 }, () => {
  it('alone: refused when hidden (controls, surrogates, Cf, default-ignorable) or blank', () => {
    expect({ unicode: process.versions.unicode, ...sweep((character) => character) }).toStrictEqual({
      unicode: '17.0',
      accepted: 1_107_773,
      // 6,319 hidden, and 20 blank: the 19 white space characters that are not controls, and the braille blank.
      refused: 6_339,
      acceptedHidden: [],
    });
  });

  it('between two Latin letters: refused exactly when hidden', () => {
    expect({ unicode: process.versions.unicode, ...sweep((character) => `a${character}b`) }).toStrictEqual({
      unicode: '17.0',
      accepted: 1_107_793,
      refused: 6_319,
      acceptedHidden: [],
    });
  });

  it.each([
    ['after a virama', (character: string) => `क्${character}ष`, ['200C', '200D']],
    ['between Arabic letters', (character: string) => `م${character}خ`, ['200C', '200D']],
    ['between pictographs', (character: string) => `🐕${character}🦺`, ['200D', 'FE0E', 'FE0F']],
  ])(
    '%s: the hidden ones accepted are the joiners or selectors real text needs there',
    (_, context, hidden) => {
      expect(sweep(context).acceptedHidden).toStrictEqual(hidden);
    },
  );

  it("after an ideograph: the 256 variation selectors, which pick the ideograph's form", () => {
    const { acceptedHidden } = sweep((character) => `中${character}`);
    const selectors = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => (from + index).toString(16).toUpperCase());
    expect(acceptedHidden).toStrictEqual([...selectors(0xfe00, 0xfe0f), ...selectors(0xe0100, 0xe01ef)]);
  });
});
