import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages.js';
import { requiredOr } from './required-or.js';

/**
 * Characters that change how the text around them reads without being seen: bidirectional embeddings, overrides,
 * isolates and marks, which can make a dialog's words appear in another order, invisible characters (zero-width
 * space, word joiner, soft hyphen, byte order mark, the Mongolian vowel separator), and control characters and
 * unpaired surrogates (PostgreSQL cannot store NUL, and a lone surrogate would be silently replaced on the way to
 * either database: refusing both keeps every stored name exactly as sent).
 */
const UNSEEN = String.raw`\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u00AD\u180E`;

/**
 * A name's whole rule as one ECMA-262 pattern (unicode mode), the one the store checks and the OpenAPI document
 * states, so that a validator reading the document accepts exactly what the store accepts:
 * - 1 to `maxLength` characters, counted as code points, as JSON Schema's `maxLength` and PostgreSQL count them;
 * - not blank: at least one character that is not white space;
 * - nothing UNSEEN;
 * - a zero-width joiner or non-joiner only where a script needs one: after a character that is not ASCII, a space or
 *   a joiner, and before one that is not a space or a joiner. Between two characters of Persian, Indic scripts or
 *   emoji ("🐕\u200D🦺", a service dog) it shapes what is written; first, last, or after an ASCII letter
 *   ("ad\u200Dmin" reads as "admin") it only hides.
 * Lookaheads but no lookbehind, and `[\s\S]` rather than `[^]`, so that other regex dialects read it too.
 */
export const readableNamePattern = (maxLength: number): RegExp =>
  new RegExp(
    String.raw`^(?=[\s\S]{1,${maxLength}}$)(?=[\s\S]*\S)` +
      String.raw`(?:[^${UNSEEN}\u200C\u200D]|[^\p{ASCII}\s${UNSEEN}\u200C\u200D][\u200C\u200D](?=[^\s\u200C\u200D]))*$`,
    'u',
  );

const CODE_POINTS = /[\s\S]/gu;
const SOME_CONTROL = /[\p{Cc}\p{Cs}]/u;
const SOME_UNSEEN = new RegExp(`[${UNSEEN}\\u200C\\u200D]`, 'u');

/** Which part of the rule `input` breaks, in the store's words: one message for one name. */
function whyUnreadable(input: string, maxLength: number, tooLongMessage: string): string {
  if ((input.match(CODE_POINTS)?.length ?? 0) > maxLength) return tooLongMessage;
  if (!/\S/.test(input)) return M.nameBlank;
  if (SOME_CONTROL.test(input)) return M.nameControlCharacters;
  if (SOME_UNSEEN.test(input)) return M.nameInvisibleCharacters;
  // Unreachable while the parts above cover the pattern; a message rather than none if they ever do not.
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
