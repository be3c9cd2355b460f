import type { Locator, Page } from 'playwright-core';

/**
 * Every element inside `area` that sticks out of it sideways or hides part of its content behind a scroll bar or a
 * clip, described so that a failure names it; [] when everything is visible.
 */
export function sidewaysOverflow(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const problems: string[] = [];
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.className}">${element.textContent?.slice(0, 30)}`;
    for (const element of root.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      // Visually hidden elements (1 px, clipped) are for screen readers and never show.
      if (getComputedStyle(element).clipPath === 'inset(50%)') continue;
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
        problems.push(`${name(element)} spans ${rect.left}–${rect.right}, outside ${box.left}–${box.right}`);
      }
      if (
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflowX !== 'visible'
      ) {
        problems.push(`${name(element)} hides ${element.scrollWidth - element.clientWidth}px sideways`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return problems;
  });
}

/** The element's box in the page as it is scrolled now. */
export async function boxOf(locator: Locator): Promise<{ top: number; bottom: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return { top: box.y, bottom: box.y + box.height, height: box.height };
}

export function viewportHeight(page: Page): number {
  const size = page.viewportSize();
  if (!size) throw new Error('the page has no viewport size');
  return size.height;
}

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Whether two shown elements share any pixel. */
export async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) throw new Error('an element is not shown');
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

/**
 * Every element inside `area` that reaches past the window's sides where no reader can scroll to it: one inside a
 * box that scrolls or clips (a code editor) is fine while that box itself is within the window.
 */
export function outsideTheWindow(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const problems: string[] = [];
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== root.parentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if ((rect.left < -0.5 || rect.right > window.innerWidth + 0.5) && !clipped(element)) {
        problems.push(
          `<${element.tagName.toLowerCase()} class="${element.className}"> spans ${rect.left}–${rect.right}`,
        );
      }
    }
    return problems;
  });
}

/**
 * Text inside `area` that a reader sees broken: a word split over two lines (letter-wrapped), or an element that
 * must stay on one line (`whole`: a time, a badge) laid out over several; [] when nothing is.
 */
export function brokenText(area: Locator, whole = 'time, .badge'): Promise<string[]> {
  return area.evaluate((root, wholeSelector) => {
    const lineCount = (rects: DOMRectList) =>
      new Set([...rects].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
    const problems: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (lineCount(range.getClientRects()) > 1) problems.push(`"${word[0]}" is split over lines`);
      }
    }
    for (const element of root.querySelectorAll(wholeSelector)) {
      if (lineCount(element.getClientRects()) > 1)
        problems.push(`"${element.textContent}" is on several lines`);
    }
    return problems;
  }, whole);
}
