import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages.js';
import { requiredOr } from './required-or.js';

/**
 * No character that changes how the text around it reads without being seen: bidirectional embeddings, overrides,
 * isolates and marks, which can make a dialog's words appear in another order, and invisible characters (zero-width
 * space, word joiner, soft hyphen, byte order mark, the Mongolian vowel separator).
 */
const NO_BIDI_OR_INVISIBLE =
  /^[^\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u00AD\u180E]*$/u;

/**
 * A zero-width joiner or non-joiner only where a script needs one: after a character that is not ASCII, a space or a
 * joiner, and before one that is not a space or a joiner. Between two characters of Persian, Indic scripts or emoji
 * ("🐕\u200D🦺", a service dog) it shapes what is written; first, last, or after an ASCII letter ("ad\u200Dmin" reads
 * as "admin") it only hides. Written without lookbehind, so that any pattern dialect of the document's readers runs it.
 */
const JOINERS_WHERE_SHAPING =
  /^(?:[^\u200C\u200D]|[^\p{ASCII}\s\u200C\u200D][\u200C\u200D](?=[^\s\u200C\u200D]))*$/u;

/** A name people read, of at most `maxLength` characters: the rules of an animal's name and of an API key's. */
export const readableName = (maxLength: number, tooLongMessage: string) =>
  z
    .string({ error: requiredOr(M.notString) })
    .max(maxLength, tooLongMessage)
    // One rule for empty and blank names, so an empty name gets one message rather than two.
    .regex(/\S/, M.nameBlank)
    // What a reader cannot see must not decide what they read: a key named to look like another, or a name that
    // turns "Revoke “x”?" around.
    .regex(NO_BIDI_OR_INVISIBLE, M.nameInvisibleCharacters)
    .regex(JOINERS_WHERE_SHAPING, M.nameInvisibleCharacters)
    // PostgreSQL cannot store NUL, and a lone surrogate would be silently replaced on the way to either database:
    // refusing both keeps every stored name exactly as sent. Last, since the document shows a string's last pattern.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, M.nameControlCharacters);
