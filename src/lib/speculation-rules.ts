/**
 * Instant navigation (prefetch likely next pages, within the CSP): the Speculation Rules of every page. A link marked
 * `data-prefetch` (the likely next pages: home news and coupons, article and coupon cards, the next list page,
 * previous/next on details) is prefetched by the browser when the visitor points at it (eagerness `moderate`: a short
 * hover, or pointer down) — with no JavaScript at all; browsers without Speculation Rules simply load the page on
 * click.
 *
 * SiteLayout writes {@link SPECULATION_RULES} as `<script type="speculationrules">` (unless the build sets
 * PREFETCH=off, the benchmark's "without prefetch" variant); its hash is allowed by the CSP (astro.config.mjs
 * `security.csp`, and the header through the inline hashes of src/integrations/inline-hashes.ts).
 */

import { createHash } from 'node:crypto';
import { processSettings, type Settings } from '../settings';

/** The attribute that marks a link for prefetching. */
export const PREFETCH_ATTRIBUTE = 'data-prefetch';

/** The rules, as the exact JSON text the page carries (its hash must match). */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: `a[${PREFETCH_ATTRIBUTE}]` }, eagerness: 'moderate' }],
});

/** Whether this build writes the rules (src/settings.ts PREFETCH: `off`, no). */
export const prefetchEnabled = (settings: Pick<Settings, 'PREFETCH'> = processSettings()): boolean => settings.PREFETCH === 'on';

/** The rules' CSP hash, `sha256-…` (Astro's `security.csp.scriptDirective.hashes` form, without quotes). */
export const SPECULATION_RULES_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(SPECULATION_RULES, 'utf8').digest('base64')}`;
