/**
 * axe-core runs of the end-to-end tests (REFERENCE.md "Budgets": axe, no violations at WCAG 2.1 AA): one way to
 * scan, shared by a11y.spec.ts, forms.spec.ts and reader.spec.ts, so that every scan costs as little as it can
 * without checking less.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What `AxeBuilder.analyze` resolves to: axe's results (violations, passes, incomplete, inapplicable). */
export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** What a scan is told beyond its page: the rules to run and the part of the page to check. */
export interface AxeScan {
  /** axe tags whose rules run (axe's `runOnly`), e.g. `wcag2aa`. */
  tags: readonly string[];
  /** axe's `rules` option: rules switched on or off beside the tags (e.g. an experimental rule). */
  rules?: Record<string, { enabled: boolean }>;
  /** A CSS selector: only this part of the page is checked (the whole page when absent). */
  include?: string;
}

/**
 * Scans `page` as it is now with axe-core and returns axe's results. The violations are complete; the other result
 * types (passes, incomplete, inapplicable) keep one example node per rule (axe's `resultTypes`), as no test reads
 * more of them and collecting every passing node is most of a large page's scan.
 *
 * A page with frames is scanned frame by frame and the parts merged in a blank page (axe's runPartial and
 * finishRun, @axe-core/playwright's default), which reaches frames of other origins; a page without frames is
 * scanned with axe.run in the page itself, the same rules over the same document, without the blank page.
 * In: the page, the scan. Out: axe's results. Throws what axe or Playwright throws (a closed page, a bad selector).
 */
export async function scanWithAxe(page: Page, scan: AxeScan): Promise<AxeResults> {
  // options() first: it replaces the options, withTags() then adds runOnly.
  let builder = new AxeBuilder({ page })
    .options({ ...(scan.rules ? { rules: scan.rules } : {}), resultTypes: ['violations'] })
    .withTags([...scan.tags]);
  if (scan.include) builder = builder.include(scan.include);
  if (page.frames().length === 1) builder = builder.setLegacyMode();
  return builder.analyze();
}
