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
