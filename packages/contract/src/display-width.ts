/** East Asian wide and full-width ranges and emoji: a terminal gives each of these two columns. */
const WIDE =
  /\p{Extended_Pictographic}|[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]/u;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Columns a string takes in a terminal, so that names in any script keep a table aligned. Counted per grapheme:
 * a letter with combining accents or a multi-code-point emoji is one character on screen.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += WIDE.test(segment) ? 2 : 1;
  return width;
}

/** `text` cut to at most `width` columns, ending in `…` when cut; whole graphemes only, so no accent is split. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const columns = WIDE.test(segment) ? 2 : 1;
    if (used + columns > width - 1) break;
    kept += segment;
    used += columns;
  }
  return `${kept}…`;
}
