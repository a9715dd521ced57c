/**
 * The site does not depend on the build machine's time zone (dates are Taiwan's, read in Taipei time): the sample site is built cold
 * (READER_ENGINE=off; its own outDir each, and an Astro cacheDir emptied before each build of all but what it keeps by
 * content, since the incremental cache does not key on the zone: run-build.ts coldAgain) under TZ=UTC, as on CI, and
 * under TZ=Asia/Taipei, as on a Taiwanese laptop, and every HTML file is identical.
 * The sample portal has dates that fall on different days in the two zones unless read in Taipei time
 * (news 41 `2026-11-04T17:30:00Z`, event 15 `2026-11-10T00:30:00+08:00`); the pages show their Taipei day.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { coldAgain, compressedCopiesCache, runBuild } from './run-build';
import { PUBLISH_REPORT_PATH } from '../../src/site/limits';

/** Time limit of the two builds together, in ms. */
const BUILDS_MS = 420_000;
/** The machine zones compared. */
const ZONES = ['UTC', 'Asia/Taipei'] as const;

const sites = new Map<string, string>();

/** Every .html file under `dir`, as paths relative to it, sorted. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => relative(dir, join(dir, file)))
    .sort();
}

/**
 * A page without the instants of its build: the publish report for editors names when it was built and when each
 * list was fetched, which differ between two builds whatever the zone; the rest of it must not.
 */
function withoutBuildTime(file: string, html: string): string {
  return file === PUBLISH_REPORT_FILE
    ? html.replaceAll(/<time datetime="\d{4}-\d\d-\d\dT[^"]*">[^<]*<\/time>/g, '<time>(instant of this build)</time>')
    : html;
}

/** The publish report page, relative to the output folder. */
const PUBLISH_REPORT_FILE = join(PUBLISH_REPORT_PATH.slice(1), 'index.html');

/** The first difference of two texts, with some context, for a failure message. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return `at ${i}: ${JSON.stringify(a.slice(Math.max(0, i - 80), i + 80))} vs ${JSON.stringify(b.slice(Math.max(0, i - 80), i + 80))}`;
}

beforeAll(async () => {
  // One after the other: the machine's cores are shared. Both builds use one Astro cache folder, which starts with
  // the checkout's gzip and brotli copies and search indexes and is emptied before each build of all but what it keeps
  // by content (coldAgain): named by the bytes they were made from, the copies and indexes spare the second build
  // compressing again the files both write the same and indexing the same pages again, the service worker's code
  // spares it bundling that again, and no page changes (the pages still render cold).
  const cacheDir = compressedCopiesCache('tz-cache');
  for (const zone of ZONES) {
    coldAgain(cacheDir);
    const { code, output, outDir } = await runBuild({
      TZ: zone,
      READER_ENGINE: 'off',
      ASTRO_CACHE_DIR: cacheDir,
      // The checkout's image cache (the variants do not depend on the zone; made cold, they would add minutes).
      IMAGE_CACHE_DIR: fileURLToPath(new URL('../../node_modules/.astro/image-cache', import.meta.url)),
    });
    expect(code, `${zone}: ${output.slice(-2000)}`).toBe(0);
    sites.set(zone, outDir);
  }
}, BUILDS_MS);

describe('builds under TZ=UTC and TZ=Asia/Taipei', () => {
  it('write the same HTML files with the same bytes', () => {
    const [utcSite, taipeiSite] = ZONES.map((zone) => sites.get(zone)!);
    const files = htmlFiles(utcSite);
    expect(files.length).toBeGreaterThan(100);
    expect(htmlFiles(taipeiSite)).toEqual(files);
    const different = files.flatMap((file) => {
      const utc = withoutBuildTime(file, readFileSync(join(utcSite, file), 'utf8'));
      const taipei = withoutBuildTime(file, readFileSync(join(taipeiSite, file), 'utf8'));
      return utc === taipei ? [] : [`${file} ${firstDifference(utc, taipei)}`];
    });
    expect(different, different.slice(0, 5).join('\n')).toEqual([]);
  });

  it.each(ZONES)('show a portal time as its Taipei day (TZ=%s)', (zone) => {
    const page = (path: string) => readFileSync(join(sites.get(zone)!, path, 'index.html'), 'utf8');
    const shown = (html: string, day: string) => new RegExp(`<time datetime="${day}"[^>]*>${day.replaceAll('-', '/')}</time>`).test(html);
    // News 41: 2026-11-04T17:30:00Z is 2026-11-05 01:30 in Taipei.
    expect(shown(page('news/detail/41'), '2026-11-05')).toBe(true);
    // News 40: 2026-10-22 09:30, no zone: Taipei time.
    expect(shown(page('news/detail/40'), '2026-10-22')).toBe(true);
    // Event 15 (a card of the event list): 2026-11-10T00:30:00+08:00 is 2026-11-09 16:30 UTC.
    const events = page('event/all/1');
    const card = events.slice(events.indexOf('年終續保好禮三重送') - 1500, events.indexOf('年終續保好禮三重送'));
    expect(shown(card, '2026-11-10')).toBe(true);
  });
});
