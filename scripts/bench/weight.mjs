/**
 * Benchmark section "weight" (issue 8 §4; DESIGN.md §9 budgets): for one page per page type (PAGE_TYPES of
 * scripts/js-weight.mjs), the gzip bytes a first visit downloads of
 * - JavaScript: module scripts, island components and renderers with their static imports, and inline scripts
 *   (jsWeight of scripts/js-weight.mjs);
 * - CSS: every `<link rel="stylesheet">` file and inline `<style>` element;
 * - HTML: the document itself;
 * and their total. Images, fonts and the runtime portal calls are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_TYPES, jsWeight } from '../js-weight.mjs';
import { kb, table } from './util.mjs';

/** The HTML file of a site path in a built folder. */
const htmlFile = (dist, page) => path.join(dist, page === '/' ? 'index.html' : `${page.replace(/^\//, '')}/index.html`);

/**
 * Weighs one page.
 * @param {string} dist built site folder
 * @param {string} page site path
 * @returns {{ page: string, js: number, css: number, html: number, total: number }} gzip bytes
 * @throws {Error} when the page is not in dist
 */
export function pageWeight(dist, page) {
  const file = htmlFile(dist, page);
  if (!existsSync(file)) throw new Error(`weight: no ${page} in ${dist}`);
  const html = readFileSync(file);
  const source = html.toString('utf8');
  const { bytes, inlineBytes } = jsWeight(dist, page);
  let css = 0;
  const sheets = new Set();
  for (const link of source.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="?stylesheet"?/.test(link[0])) continue;
    const href = /\bhref="([^"]+)"/.exec(link[0])?.[1];
    if (href && !sheets.has(href) && existsSync(path.join(dist, href))) {
      sheets.add(href);
      css += gzipSync(readFileSync(path.join(dist, href))).length;
    }
  }
  for (const style of source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += gzipSync(style[1]).length;
  const js = bytes + inlineBytes;
  const htmlBytes = gzipSync(html).length;
  return { page, js, css, html: htmlBytes, total: js + css + htmlBytes };
}

/**
 * The weight section.
 * @param {{ dist: string, pages?: string[] }} options
 * @returns {{ title: string, markdown: string, data: object[] }}
 */
export function benchWeight({ dist, pages = PAGE_TYPES }) {
  const data = pages.map((page) => pageWeight(dist, page));
  const markdown =
    table(
      ['page type', 'JavaScript', 'CSS', 'HTML', 'total'],
      data.map((row) => [row.page, kb(row.js), kb(row.css), kb(row.html), kb(row.total)]),
    ) + '\n\nGzip bytes (level 6, as the budgets of DESIGN.md §9 count them) of what a first visit downloads, images and fonts excepted. nginx serves the `/_astro/` scripts and the style sheet from level-9 copies made at build time, a few per cent smaller. The one style sheet holds the whole site\'s styles and is downloaded once per visit.';
  return { title: 'Weight (gzip)', markdown, data };
}
