/**
 * The deploy gate as a test (REFERENCE.md "Architecture": a broken site is never published; the gate is a script the test wraps): every check of
 * scripts/lib/site-checks.mjs, the checks scripts/rebuild.mjs runs before any deploy, passes on the built site
 * (SITE_DIST_DIR, default dist/) under real nginx with the portal (PORTAL_API_BASE, or the sample portal) behind
 * `/api/` and `/upload/`. Here the build report must list exactly the portal lists of src/portal/lists.ts (PORTAL_LISTS).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_LIST_NAMES } from '../../src/portal/lists';
import { LINK_CHECK_MS, SITE_CHECKS, serveSite } from '../../scripts/lib/site-checks.mjs';

const dist = process.env.SITE_DIST_DIR ? resolve(process.env.SITE_DIST_DIR) : fileURLToPath(new URL('../../dist', import.meta.url));
const portalLists = [...PORTAL_LIST_NAMES].sort();

let site: Awaited<ReturnType<typeof serveSite>>;

beforeAll(async () => {
  site = await serveSite({ dist, portalUrl: process.env.PORTAL_API_BASE, portalLists });
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe('the deploy gate (scripts/lib/site-checks.mjs)', () => {
  it.each(SITE_CHECKS.map((check) => [check.title, check] as const))(
    '%s',
    async (_title, check) => {
      expect(await check.run(site)).toEqual([]);
    },
    LINK_CHECK_MS,
  );
});
