/**
 * The JavaScript budget of REFERENCE.md "Budgets" on the built site (dist/ after `npm run build`, or SITE_DIST_DIR, as
 * tests/site/routes.test.ts reads it: e.g. a build in a folder of its own): one page per page type
 * (scripts/js-weight.mjs PAGE_TYPES), weighed as the benchmark weighs it (jsWeight: module scripts, islands and
 * renderers with their static imports, plus inline scripts, gzip), is within JS_BUDGET_KB: the form pages within
 * the heaviest page's budget, every other page within a content page's.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, jsWeight } from '../../scripts/js-weight.mjs';
import { JS_BUDGET_KB } from '../../src/site/limits';

const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));
/** The pages with a React form (src/islands/forms), which may weigh up to the heaviest page's budget. */
const FORM_PAGES: readonly string[] = ['/contact', '/service'];
/** Bytes in a KB of the budget. */
const KB = 1024;

describe('JavaScript budget (REFERENCE.md "Budgets")', () => {
  for (const page of PAGE_TYPES) {
    const budgetKb = FORM_PAGES.includes(page) ? JS_BUDGET_KB.heaviestPage : JS_BUDGET_KB.contentPage;
    it(`${page} ships at most ${budgetKb} KB of JavaScript (gzip)`, () => {
      const { bytes, inlineBytes, files } = jsWeight(dist, page);
      const missing = [...files].filter(([, size]) => size === 0).map(([url]) => url);
      expect(missing, 'every script the page references is in dist/').toEqual([]);
      const list = [...files]
        .sort((a, b) => b[1] - a[1])
        .map(([url, size]) => `${(size / KB).toFixed(1)} ${url}`)
        .join(', ');
      expect(
        bytes + inlineBytes,
        `${page}: ${((bytes + inlineBytes) / KB).toFixed(1)} KB (${list}; inline ${(inlineBytes / KB).toFixed(1)})`,
      ).toBeLessThanOrEqual(budgetKb * KB);
    });
  }
});
