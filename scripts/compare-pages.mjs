#!/usr/bin/env node
/**
 * Compares the HTML pages of two built sites (a refactor must not change any built page).
 *
 * Usage: `node scripts/compare-pages.mjs BEFORE_DIST AFTER_DIST [--show N] [--ignore REGEX]…`
 * (`--ignore` drops what a regular expression matches from both sides first, e.g. a changed header:
 * `--ignore '<header class="site-header[\s\S]*?</header>'`).
 *
 * Every `*.html` file under each folder (the search index's `pagefind/` excluded) is read and normalised so that
 * what a refactor may change without a visitor seeing it does not count:
 * - hashed asset names: `/_astro/Header.B1x2c3D4.js` → `/_astro/Header.js` (and `.css`, fonts, images);
 * - Astro's scoped-style class: `astro-1a2b3c4d` → `astro-*` (its hash is taken from the component's file path);
 * - island ids: `uid="…"` and `renderer-url`/`component-url`/`before-hydration-url` hashes (covered by the above);
 * - CSP hashes (`'sha256-…'`), which follow the inline scripts' asset names.
 * Out: one line per page that exists on one side only or differs, with the first differing context; the exit
 * code is 0 when every page is the same after normalising, 1 otherwise, 2 on bad arguments.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Characters of context shown on each side of the first difference. */
const CONTEXT_CHARS = 160;

/**
 * The HTML pages of a built site.
 * @param root folder of a build (absolute or relative)
 * @returns paths relative to root, sorted
 */
async function pagesOf(root) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`pagefind${sep}`))
    .sort();
}

/**
 * A page with what a refactor may change invisibly replaced by fixed marks (see the module comment).
 * @param {string} html
 * @returns {string}
 */
export function normalisePage(html, ignored = []) {
  return ignored
    .reduce((text, pattern) => text.replace(pattern, ''), html)
    .replace(/(\/_astro\/[^"'()\s?#]*?)\.[A-Za-z0-9_-]{8}(\.[a-z0-9]+)(?=["'()\s?#])/g, '$1$2')
    .replace(/\bastro-[a-z0-9]{8}\b/g, 'astro-*')
    .replace(/\buid="[^"]*"/g, 'uid="*"')
    .replace(/'sha(256|384|512)-[A-Za-z0-9+/=]+'/g, "'sha$1-*'");
}

/** The first difference of two strings, with context. */
function firstDifference(a, b) {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  const from = Math.max(0, index - CONTEXT_CHARS);
  return `    before: …${a.slice(from, index + CONTEXT_CHARS)}…\n    after:  …${b.slice(from, index + CONTEXT_CHARS)}…`;
}

/** Compares the two folders of the command line and exits (see the module comment). */
async function main() {
  const args = process.argv.slice(2);
  const showIndex = args.indexOf('--show');
  const show = showIndex >= 0 ? Number(args.splice(showIndex, 2)[1]) : 10;
  const ignored = [];
  for (let index = args.indexOf('--ignore'); index >= 0; index = args.indexOf('--ignore')) ignored.push(new RegExp(args.splice(index, 2)[1], 'g'));
  const [before, after] = args;
  if (!before || !after || !Number.isFinite(show)) {
    console.error('Usage: node scripts/compare-pages.mjs BEFORE_DIST AFTER_DIST [--show N]');
    process.exit(2);
  }
  const [beforePages, afterPages] = await Promise.all([pagesOf(before), pagesOf(after)]);
  const afterSet = new Set(afterPages);
  const beforeSet = new Set(beforePages);
  const onlyBefore = beforePages.filter((page) => !afterSet.has(page));
  const onlyAfter = afterPages.filter((page) => !beforeSet.has(page));
  const changed = [];
  let readerBefore = 0;
  let readerAfter = 0;
  let bytesBefore = 0;
  let bytesAfter = 0;
  for (const page of beforePages.filter((file) => afterSet.has(file))) {
    const [a, b] = await Promise.all([readFile(join(before, page), 'utf8'), readFile(join(after, page), 'utf8')]);
    bytesBefore += Buffer.byteLength(a);
    bytesAfter += Buffer.byteLength(b);
    if (a.includes(' data-reader=')) readerBefore += 1;
    if (b.includes(' data-reader=')) readerAfter += 1;
    const [na, nb] = [normalisePage(a, ignored), normalisePage(b, ignored)];
    if (na !== nb) changed.push({ page, detail: firstDifference(na, nb) });
  }
  for (const page of onlyBefore) console.log(`only in ${before}: ${page}`);
  for (const page of onlyAfter) console.log(`only in ${after}: ${page}`);
  for (const { page, detail } of changed.slice(0, show)) console.log(`differs: ${page}\n${detail}`);
  if (changed.length > show) console.log(`… and ${changed.length - show} more pages differ`);
  const common = beforePages.length - onlyBefore.length;
  console.log(
    `${common} pages in both (HTML ${(bytesBefore / 1024).toFixed(0)} KB → ${(bytesAfter / 1024).toFixed(0)} KB), ` +
      `${changed.length} differ, ${onlyBefore.length} only before, ${onlyAfter.length} only after.`,
  );
  if ((readerBefore === 0) !== (readerAfter === 0)) {
    console.log(
      `Note: the audio reader was ${readerBefore ? 'on' : 'off'} in ${before} and ${readerAfter ? 'on' : 'off'} in ${after} ` +
        '(READER_ENGINE): compare two builds made with the same reader setting.',
    );
  }
  process.exit(changed.length + onlyBefore.length + onlyAfter.length === 0 ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
