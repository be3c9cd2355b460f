import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once from its package. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA, as the accessibility review checked them. */
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** A rule that does not hold somewhere, as a failure message should name it: rule, impact, and a few nodes. */
export interface Violation {
  rule: string;
  impact: string | null | undefined;
  nodes: string[];
}

/**
 * Runs axe-core over the document in `page` as it is now, with the WCAG A and AA rules, and answers its serious and
 * critical violations (no rule is left out: decision 062). Injected through the debugging protocol
 * (`page.evaluate`), which a page's Content-Security-Policy does not apply to: the pages under test keep theirs.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const injected = await page.evaluate('typeof window.axe === "object"');
  if (!injected) await page.evaluate(AXE_SOURCE);
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: WCAG_A_AA }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    runOptions,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}
