import type { Locator } from 'playwright-core';

/**
 * On how many lines the text of each element `elements` matches is laid out: 1 when it is on one line, as many as
 * its letters when a too-narrow column stands it one letter a line. Counted from the boxes of the text's line
 * fragments, as the browser laid them out.
 */
export function linesOfText(elements: Locator): Promise<number[]> {
  return elements.evaluateAll((all) =>
    all.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = [...range.getClientRects()]
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .map((rect) => Math.round(rect.top));
      return new Set(tops).size;
    }),
  );
}
