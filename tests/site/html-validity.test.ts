/**
 * HTML validity of the built site (REFERENCE.md "Test layers", "Budgets": no errors): the W3C Nu HTML checker (vnu-jar) over
 * every dist/**\/*.html in one JVM run (`--errors-only --format json`, file list passed through `@argfile`, so any
 * page count fits one invocation) reports zero errors. Needs Java (JAVA_PATH or /usr/bin/java, see
 * scripts/lib/system.mjs) and a built dist/ (`npm run build`).
 *
 * The only messages left out are messages we cannot fix (the framework's, and one where the checker lags behind the
 * HTML Standard), each matched by its exact text in FRAMEWORK_MESSAGES below (never by a pattern), each with a test
 * that keeps it from hiding a mistake of ours.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { javaPath } from '../../scripts/lib/system.mjs';
import { HEADER_END_ID } from '../../src/components/Header';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = path.join(root, 'dist');
const jar = path.join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');
/** Flags of a short-lived JVM: C1, the quick just-in-time compiler, only, and the single-threaded collector. */
const JVM_QUICK_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * Framework messages that our markup cannot avoid, by exact text (REFERENCE.md "Test layers": one documented list).
 */
export const FRAMEWORK_MESSAGES: readonly string[] = [
  // Astro writes its island style (ASTRO_ISLAND_STYLE) into <body> just before the first island; Astro has no option
  // to move it to <head>. The test 'has no <style> in <body> but Astro's island style' keeps this entry from hiding
  // a style element of ours.
  'A “style” element in “body” must be the first child of its parent.',
  // The checker (vnu-jar 26.9) predates `<link rel="expect" blocking="render">` of the HTML Standard (2024, in
  // Chromium since 124), which SiteLayout uses so that no half-parsed header is painted (HEADER_END_ID,
  // src/components/Header.ts). The test 'has no render-blocking link but the header's expect link' keeps this entry
  // from hiding another `blocking` link.
  'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
];

/** The one render-blocking link of a page: until its header is parsed (HEADER_END_ID, src/components/Header.ts). */
const HEADER_EXPECT_LINK = `<link rel="expect" href="#${HEADER_END_ID}" blocking="render">`;

/** The one <style> Astro puts in <body> (before the first island). */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

let pages: string[] = [];
let messages: VnuMessage[] = [];

beforeAll(() => {
  const java = javaPath();
  if (!existsSync(jar)) throw new Error(`${jar} is missing: run npm install (vnu-jar ships the checker's jar).`);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ has no index.html: run `npm run build` first.');
  pages = globSync('**/*.html', { cwd: dist }).map((file) => path.join(dist, file));
  // Given a directory, vnu checks every HTML file below it (--skip-non-html leaves the rest), in one JVM. That JVM
  // lives seconds: the quick compiler alone and the serial collector (JVM_QUICK_FLAGS) gave the same messages on the
  // sample site for 9 instead of 14.5 CPU-s, as its optimizing compiler's work never paid back.
  const result = spawnSync(
    java,
    [...JVM_QUICK_FLAGS, '-Xss4m', '-jar', jar, '--errors-only', '--skip-non-html', '--format', 'json', '--exit-zero-always', dist],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (result.error) throw result.error;
  const out = result.stderr.trim() || result.stdout.trim();
  if (!out.startsWith('{')) throw new Error(`vnu did not answer JSON (exit ${result.status}): ${out.slice(0, 500)}`);
  messages = (JSON.parse(out) as { messages: VnuMessage[] }).messages;
}, 600_000);

describe('HTML validity (W3C Nu checker)', () => {
  it('checks every built page', () => {
    expect(pages.length).toBeGreaterThan(100);
    expect(pages).toContain(path.join(dist, '404.html'));
  });

  it("has no <style> in <body> but Astro's island style", () => {
    const others: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const body = html.slice(html.indexOf('<body'));
      for (const style of body.match(/<style[^>]*>[^<]*<\/style>/g) ?? []) {
        if (style !== ASTRO_ISLAND_STYLE) others.push(`${path.relative(dist, file)}: ${style.slice(0, 80)}`);
      }
    }
    expect(others).toEqual([]);
  });

  it("has no render-blocking link but the header's expect link, on every page with the header", () => {
    const others: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const links = html.match(/<link\b[^>]*\bblocking=[^>]*>/g) ?? [];
      // A page with the site header has its expect link; a page without (a redirect, the publish report) has none.
      const expected = html.includes(`id="${HEADER_END_ID}"`) ? [HEADER_EXPECT_LINK] : [];
      if (links.join() !== expected.join()) others.push(`${path.relative(dist, file)}: ${links.join(' ') || 'none'}`);
    }
    expect(others).toEqual([]);
  });

  it('reports no error from our markup', () => {
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
      .filter((m) => !FRAMEWORK_MESSAGES.includes(m.message))
      .map((m) => `${path.relative(dist, fileURLToPath(m.url.startsWith('file:') ? m.url : `file://${m.url}`))}:${m.lastLine ?? '?'}: ${m.message}`);
    expect(errors).toEqual([]);
  });
});
