#!/usr/bin/env node
/**
 * JavaScript weight of built pages (REFERENCE.md "Budgets" budgets): for each page, the gzip bytes a first visit downloads of
 * every module script, island component and renderer it references (not those of an island hydrated on use,
 * `client:intent`), with static imports followed, plus its inline scripts.
 * Usage: `node scripts/js-weight.mjs [dist] /path …` (default dist/ and one page per page type; dist may be an
 * absolute folder such as /tmp/site-dist).
 * Prints one Markdown table row per page; `VERBOSE=1` lists the files.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One page per page type. */
export const PAGE_TYPES = ['/', '/news/all/1', '/news/detail/1', '/coupon/1', '/faq/1', '/insurance/detail/1', '/search', '/contact', '/service'];

/**
 * Weighs one page.
 * @param {string} dist built site folder
 * @param {string} page site path, e.g. `/news/detail/1`
 * @returns {{ page: string, bytes: number, inlineBytes: number, files: Map<string, number> }} gzip bytes
 */
export function jsWeight(dist, page) {
  const file = path.join(dist, page === '/' ? 'index.html' : `${page.replace(/^\//, '')}/index.html`);
  const html = readFileSync(file, 'utf8');
  const entries = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) entries.add(m[1]);
  // Islands hydrated at load, idle or in view; an island with `client="intent"` (src/browser/intent-directive.ts)
  // downloads its code only once a visitor uses it, so a first visit does not (its directive is an inline script).
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (/\sclient="intent"/.test(island)) continue;
    for (const m of island.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) entries.add(m[1]);
  }
  let inlineBytes = 0;
  // Inline JavaScript only: JSON-LD and Speculation Rules are data, not code.
  for (const m of html.matchAll(/<script(?![^>]*src=)(?![^>]*application\/ld\+json)(?![^>]*speculationrules)[^>]*>([\s\S]*?)<\/script>/g)) {
    inlineBytes += gzipSync(m[1]).length;
  }
  const files = new Map();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.shift();
    if (files.has(url)) continue;
    const asset = path.join(dist, url);
    if (!existsSync(asset)) {
      files.set(url, 0);
      continue;
    }
    const source = readFileSync(asset);
    files.set(url, gzipSync(source).length);
    for (const m of source.toString().matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
  }
  const bytes = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { page, bytes, inlineBytes, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [first, ...rest] = process.argv.slice(2);
  // The first argument is the built folder when it is relative or holds an index.html (`/tmp/site-dist`), else a page.
  const firstIsDist = first !== undefined && (!first.startsWith('/') || existsSync(path.join(first, 'index.html')));
  const dist = firstIsDist ? first : fileURLToPath(new URL('../dist/', import.meta.url));
  const pages = first !== undefined && !firstIsDist ? [first, ...rest] : rest.length ? rest : PAGE_TYPES;
  console.log('| page | JS gzip (KB) | inline (KB) | total (KB) |\n|---|---|---|---|');
  for (const page of pages) {
    const { bytes, inlineBytes, files } = jsWeight(dist, page);
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(`| ${page} | ${kb(bytes)} | ${kb(inlineBytes)} | ${kb(bytes + inlineBytes)} |`);
    if (process.env.VERBOSE) for (const [url, size] of [...files].sort((a, b) => b[1] - a[1])) console.log(`   ${kb(size)}  ${url}`);
  }
}
