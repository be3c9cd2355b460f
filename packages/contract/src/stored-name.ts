import { z } from 'zod';

/**
 * A name as the store holds and returns it: what every version of the store has required of a name on input, and no
 * more. Input rules tighten over time (1.2 refused invisible and bidirectional characters that 1.1 took), but what an
 * earlier version stored stays stored, and a client that validated answers with today's input rule could not read
 * it. So an answer's name is only what no version ever let in: longer than `maxLength`, empty or blank, a control
 * character or an unpaired surrogate. A rule that refuses input is added to the input schema only
 * (docs/changing-the-contract.md, "Rules for input only").
 */
export const storedName = (maxLength: number) =>
  z
    .string()
    // Characters counted as code points, as the input rule counts them and JSON Schema's maxLength does.
    .regex(new RegExp(String.raw`^(?=[\s\S]{1,${maxLength}}$)(?=[\s\S]*\S)`, 'u'))
    // Last, since the document shows a string's last pattern: the one 1.1.0 published for an animal's name.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u)
    .meta({ maxLength });
