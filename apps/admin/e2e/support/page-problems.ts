import type { Page } from 'playwright-core';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Everything that went wrong in the page beyond what a test provokes on purpose: uncaught errors, console errors,
 * and Content-Security-Policy violations (the server's CSP must hold for the built app). Chromium logs every
 * 4xx answer as "Failed to load resource"; those are the expected 400s and 401s, so they are left out.
 */
export async function recordPageProblems(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  // Injected by the browser itself, not by the page, so the CSP under test does not apply to this listener.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations ??= [];
      window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return async () => [...problems, ...(await page.evaluate(() => window.cspViolations ?? []))];
}
