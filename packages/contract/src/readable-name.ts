import { z } from 'zod';
import { CURSIVE_SCRIPTS, VIRAMA_SCRIPTS } from './joining-scripts.js';
import { FIELD_MESSAGES as M } from './messages.js';
import { requiredOr } from './required-or.js';

/**
 * Characters that are not seen, named by Unicode's properties rather than listed: controls and unpaired surrogates
 * (PostgreSQL cannot store NUL, and a lone surrogate would be replaced on the way to either database), format
 * characters (Cf: bidirectional controls, which can turn a dialog's words around, zero-width characters, tags,
 * annotation marks) and default-ignorable code points (fillers, variation selectors, the combining grapheme joiner):
 * a name holding them reads as another name, or carries text no one sees.
 */
const HIDDEN = String.raw`\p{Cc}\p{Cs}\p{Cf}\p{Default_Ignorable_Code_Point}`;

/** Characters that show nothing: white space, and the braille blank, a pattern of no dots. */
const BLANK = String.raw`\p{White_Space}\u2800`;

const JOINER = String.raw`[\u200C\u200D]`;
const ofScripts = (scripts: string[]) =>
  `[${scripts.map((script) => String.raw`\p{scx=${script}}`).join('')}]`;
const letterOrMarkOf = (scripts: string[]) => String.raw`(?=[\p{L}\p{M}])${ofScripts(scripts)}`;
const JOINING_LETTER = letterOrMarkOf([...VIRAMA_SCRIPTS, ...CURSIVE_SCRIPTS]);

/** The tag character of an ASCII letter or digit: the same code point, moved to plane 14. */
const tag = (character: string) => `\\u{E00${character.charCodeAt(0).toString(16).toUpperCase()}}`;

/** A black flag, tags and a cancel tag: the subdivision flags that platforms show (RGI, UTS #51). */
const SUBDIVISION_FLAGS = ['gbeng', 'gbsct', 'gbwls'].map(
  (code) => String.raw`\u{1F3F4}${[...code].map(tag).join('')}\u{E007F}`,
);

/**
 * What a name is made of. A hidden character is allowed only where real text needs it, bound to the character
 * before it (the pattern has no lookbehind, so that other regex dialects read it too):
 * - one character that is not hidden, white space included;
 * - a joiner (ZWJ, ZWNJ) after a mark of a script with a virama, or after a letter or mark of a cursive script, and
 *   before a letter or mark of either (joining-scripts.ts): first, last, or beside Latin ("ad\u200Dmin") it hides;
 * - a ZWJ between emoji: after a pictograph (with its variation selector 16) or a skin tone, before a pictograph
 *   ("👩🏽\u200D💻", "🏳\uFE0F\u200D🌈");
 * - a text or emoji presentation selector (VS15, VS16) after an emoji that is not ASCII ("❤\uFE0F"), and the keycaps
 *   ("#\uFE0F\u20E3");
 * - a variation selector after an ideograph, which picks its form (CJK compatibility and ideographic variation
 *   sequences, as Japanese names use), and a Mongolian free variation selector after a Mongolian letter;
 * - the subdivision flags of England, Scotland and Wales (a black flag, tags, a cancel tag); any other tag sequence
 *   shows as a black flag and hides its letters.
 * Regional indicators (flags such as "🇫🇷") and skin tones are visible characters of their own and need no exception.
 */
const PIECES = [
  `[^${HIDDEN}]`,
  String.raw`(?:(?=\p{M})${ofScripts(VIRAMA_SCRIPTS)}|${letterOrMarkOf(CURSIVE_SCRIPTS)})${JOINER}(?=${JOINING_LETTER})`,
  String.raw`(?:\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Modifier})\u200D(?=\p{Extended_Pictographic})`,
  String.raw`(?!\p{ASCII})\p{Emoji}[\uFE0E\uFE0F]`,
  String.raw`[#*0-9]\uFE0F\u20E3`,
  String.raw`\p{Ideographic}[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]`,
  String.raw`(?=\p{L})\p{scx=Mong}[\u180B-\u180D\u180F]`,
  ...SUBDIVISION_FLAGS,
];

/**
 * A name's whole rule as one ECMA-262 pattern (unicode mode), the one the store checks and the OpenAPI document
 * states, so that a validator reading the document accepts exactly what the store accepts:
 * - 1 to `maxLength` characters, counted as code points, as JSON Schema's `maxLength` and PostgreSQL count them;
 * - not blank: at least one character that is neither hidden nor blank;
 * - made of PIECES only.
 * `[\s\S]` rather than `[^]`, so that other regex dialects read it too.
 */
export const readableNamePattern = (maxLength: number): RegExp =>
  new RegExp(
    String.raw`^(?=[\s\S]{1,${maxLength}}$)(?=[\s\S]*[^${HIDDEN}${BLANK}])(?:${PIECES.join('|')})*$`,
    'u',
  );

const CODE_POINTS = /[\s\S]/gu;
const SOME_VISIBLE = new RegExp(`[^${HIDDEN}${BLANK}]`, 'u');
const SOME_CONTROL = /[\p{Cc}\p{Cs}]/u;

/** Which part of the rule `input` breaks, in the store's words: one message for one name. */
function whyUnreadable(input: string, maxLength: number, tooLongMessage: string): string {
  if ((input.match(CODE_POINTS)?.length ?? 0) > maxLength) return tooLongMessage;
  if (!SOME_VISIBLE.test(input)) return M.nameBlank;
  if (SOME_CONTROL.test(input)) return M.nameControlCharacters;
  // The rest of the pattern: a hidden character where real text does not need it.
  return M.nameInvisibleCharacters;
}

/**
 * A name people read, of at most `maxLength` characters: the rules of an animal's name and of an API key's. One
 * check, so that the document states all of it; `minLength` and `maxLength` repeat the pattern's length for the
 * readers (forms, code generators) that look for them.
 */
export const readableName = (maxLength: number, tooLongMessage: string) =>
  z
    .string({ error: requiredOr(M.notString) })
    .regex(readableNamePattern(maxLength), {
      error: (issue) => whyUnreadable(String(issue.input), maxLength, tooLongMessage),
    })
    .meta({ minLength: 1, maxLength });
