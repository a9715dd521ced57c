#!/usr/bin/env node
/**
 * Makes public/og-default.jpg, the default share image (og:image, 1200×630 px, the Open Graph protocol), by
 * screenshotting the HTML template below in Debian's Chromium (CHROME_PATH or /usr/bin/chromium-headless-shell). Run it again
 * after changing the logo or the company name: `node_modules/.bin/node scripts/og-image.mjs`. The output is committed.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib/system.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const logo = `file://${path.join(root, 'public/logo.svg')}`;
const html = `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><style>
html,body{margin:0;width:1200px;height:630px;overflow:hidden}
body{font-family:"Noto Sans CJK TC","Noto Sans TC",sans-serif;background:radial-gradient(circle at 100% 0,rgb(200 16 46/.35),transparent 50%),linear-gradient(160deg,#162b47,#0d1b2e);color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box}
.card{display:inline-flex;background:#fff;border-radius:24px;padding:28px 40px;align-self:flex-start}
.card img{width:400px;height:120px}
h1{font-size:64px;margin:56px 0 12px;letter-spacing:.08em;font-weight:700}
p{font-size:34px;margin:0;color:#f4b740;letter-spacing:.12em}
.bar{position:absolute;left:0;bottom:0;width:1200px;height:14px;background:linear-gradient(90deg,#c8102e,#f4b740)}
</style></head><body><div class="card"><img src="${logo}" alt=""></div>
<h1>和泰產物保險股份有限公司</h1><p>汽車險・機車險・旅平險・住宅險・企業保險</p><div class="bar"></div></body></html>
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'og-image-'));
const file = path.join(dir, 'og.html');
writeFileSync(file, html);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--allow-file-access-from-files'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.goto(`file://${file}`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(root, 'public/og-default.jpg'), type: 'jpeg', quality: 85 });
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log('public/og-default.jpg written');
