/**
 * A short soak of the publishing loop (scripts/bench/soak.mjs; the bench runs the long ones): five cycles of
 * `npm run rebuild` deploying over SSH to a target real nginx serves, against the sample portal an editor simulator
 * changes every cycle, with visitors loading pages and the old release's assets during every run and Chromium opening
 * pages after each switch. The cycles bring what production meets:
 *   1. the first deploy;
 *   2. the new item's photograph breaks off midway, and a second run starts while the first builds;
 *   3. the run is killed (SIGKILL) one second into its deploy;
 *   4. the news list shrinks to 3 items (the item-drop guard refuses: nothing deploys);
 *   5. a plain run, which publishes everything the two cycles before held back.
 * The reader is off (READER_ENGINE=off), to keep the suite's time: the audio's own publishing is tested elsewhere.
 * The portal serves the lean sample (scripts/sample-portal/data.mjs `lean`: 6 news and 6 FAQ items per category,
 * every list, category and kind of page kept): what this file checks (visitors during switches, every edit live,
 * the faults' outcomes) does not depend on the number of items, and the long soaks of the full sample and of 1,000
 * items are the bench's (scripts/bench/soak.mjs). The overlap and the kill still meet their run where they must: the
 * build outlasts the overlap's 3 s, and the deploy over SSH with the snapshots and caches kept after it outlasts the
 * kill's 1 s (the assertions below fail otherwise).
 * The cache store starts with a copy of the checkout's image variants and gzip and brotli copies (SEED_CACHES) when
 * there are any, as a cache restored from an earlier build: both are named by the bytes of their source
 * (src/integrations/images.ts, src/integrations/precompress.ts), what this file checks happens in the cycles after the
 * first, and a cold first publish is the bench's to time (scripts/bench/soak.mjs); the cycles' own photographs, the
 * dropped one included, the copies of the pages they change and the index of their pages are still made in the
 * cycles. Not the checkout's search indexes: kept under the digest of every page of the full sample
 * (src/integrations/search-index.ts), they never serve a cycle, whose pages are the lean sample's with the editor's
 * changes, and the store copied their few thousand files at every cycle until newer indexes took their place.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summarize } from '../../scripts/bench/soak.mjs';
import { runSoak } from '../../scripts/bench/soak/loop.mjs';
import { IMAGE_CACHE_FOLDER, PRECOMPRESS_CACHE_FOLDER } from '../../src/site/limits';
import { tempDir } from './run-build';

/** The events of each cycle (scripts/bench/soak/loop.mjs SOAK_EVENTS). */
const SCHEDULE: Record<number, string[]> = { 1: [], 2: ['image-drop', 'overlap'], 3: ['kill'], 4: ['shrink'], 5: [] };
/**
 * The checkout's image variants (IMAGE_CACHE_FOLDER) and gzip and brotli copies (PRECOMPRESS_CACHE_FOLDER) in Astro's
 * default cache folder, which the sample build of `npm test` (scripts/test.mjs step 5, before this step) makes: by
 * their folder's name, those that exist; the soak gets a copy (scripts/bench/soak/loop.mjs `seed`).
 */
const SEED_CACHES = Object.fromEntries(
  [IMAGE_CACHE_FOLDER, PRECOMPRESS_CACHE_FOLDER]
    .map((folder) => [folder, fileURLToPath(new URL(`../../node_modules/.astro/${folder}`, import.meta.url))])
    .filter(([, dir]) => existsSync(dir)),
);

/** Time limit of the soak, in ms: five builds, checks and deploys on a busy 2-core machine. */
const SOAK_TIMEOUT_MS = 20 * 60_000;

describe('five cycles of the publishing loop, with faults, an overlap, a killed deploy and visitors', () => {
  it(
    'visitors meet no error, no CSP violation and no missing asset; every edit goes live; each failed cycle says why',
    async () => {
      const result = await runSoak({
        cycles: 5,
        lean: true,
        work: join(tempDir('soak'), 'work'),
        reader: 'off',
        keepReleases: 2,
        schedule: (cycle: number) => SCHEDULE[cycle],
        seed: SEED_CACHES,
      });
      const summary = summarize(result);
      expect(summary.visitorRequests).toBeGreaterThan(0);
      expect(summary.visitorErrors).toEqual([]);
      expect(summary.violations).toEqual([]);
      expect(summary.missing).toEqual([]);
      expect(summary.pageErrors).toEqual([]);
      expect(summary.unpublished).toEqual([]);
      expect(summary.live).toBeGreaterThan(0);
      // The dropped photograph: its item is published with the placeholder and the publish report names it.
      expect(summary.imagesReported).toEqual([true]);
      expect(summary.overlaps).toEqual(['cycle 2: refused (exit 75)']);
      expect(summary.failed).toEqual([
        { cycle: 3, events: ['kill'], reason: 'killed (SIGKILL)' },
        { cycle: 4, events: ['shrink'], reason: expect.stringMatching(/news/) },
      ]);
      expect(summary.releasesBounded).toBe(true);
      expect(summary.maxReleases).toBe(2);
    },
    SOAK_TIMEOUT_MS,
  );
});
