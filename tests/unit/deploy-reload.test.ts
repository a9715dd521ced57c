/**
 * nginx reads each release's include after every switch (scripts/deploy.mjs DEPLOY_RELOAD_COMMAND), against real
 * nginx whose `root` is the target's `current` and which includes `current/nginx.conf`, as .github/OPERATIONS.md
 * tells an operator to set it up, and Chromium:
 * - after a deploy whose release changes a redirect and an inline script (its CSP hash in the include), the visitor
 *   gets the new redirect and the new script runs, with no CSP violation; after a rollback, the old ones again;
 * - a reload command that fails makes the release live before live again, and the deploy fails saying so.
 * Without the reload, nginx kept the old include: the redirect led to a page the new release no longer has, and
 * the new inline script was blocked by the old CSP.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_LINK, deploy, RELEASES_FOLDER, rollback } from '../../scripts/deploy.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/system.mjs';
import { tempDir } from '../build/run-build';

const quiet = () => {};
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A complete tiny site of release `version`: its home page's inline script sets the title (allowed by its hash in
 * the include's Content-Security-Policy), and `/about/decree` redirects to `/about/decree/<decree>/`, the one decree
 * page it has.
 */
function site(version: string, decree: string): string {
  const dir = tempDir(`reload-site-${version}`);
  const script = `document.title = 'release ${version}';`;
  const hash = createHash('sha256').update(script).digest('base64');
  mkdirSync(join(dir, 'about', 'decree', decree), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="zh-Hant"><meta charset="utf-8"><title>首頁</title><script>${script}</script><h1>首頁 ${version}</h1>`,
  );
  writeFileSync(
    join(dir, 'about', 'decree', decree, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>法令 ${decree}</title><h1>法令 ${decree}</h1>`,
  );
  writeFileSync(join(dir, '404.html'), '<!doctype html><meta charset="utf-8"><title>找不到網頁</title><h1>找不到網頁</h1>');
  writeFileSync(join(dir, 'build-report.json'), JSON.stringify({ version }));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `index index.html;
error_page 404 /404.html;
add_header Content-Security-Policy "default-src 'self'; script-src 'sha256-${hash}'" always;
location = /about/decree { return 301 /about/decree/${decree}/; }
location / { try_files $uri $uri/ =404; }
`,
  );
  return dir;
}

/** What a visitor meets: the home page's title (set by its inline script), CSP violations, where /about/decree leads. */
async function visit(url: string) {
  const page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { violations: string[] }).violations.push(event.violatedDirective),
      );
    });
    await page.goto(`${url}/`);
    const title = await page.title();
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    const decree = await page.goto(`${url}/about/decree`);
    return { title, violations, decree: [new URL(page.url()).pathname, decree?.status()] };
  } finally {
    await page.close();
  }
}

describe('nginx reads the live release include after every switch (DEPLOY_RELOAD_COMMAND)', () => {
  it('a deploy and a rollback change the redirect and the inline script in Chromium; a failed reload switches back', async () => {
    const dir = join(tempDir('reload-target'), 'www');
    const first = deploy({ dir: site('v1', 'a'), env: { DEPLOY_TARGET: dir }, log: quiet }).release?.release;
    const nginx = await startNginx({ dist: join(dir, CURRENT_LINK), portalUrl: 'http://127.0.0.1:9' });
    try {
      const env = { DEPLOY_TARGET: dir, DEPLOY_RELOAD_COMMAND: nginx.reloadCommand };
      expect(await visit(nginx.url)).toEqual({ title: 'release v1', violations: [], decree: ['/about/decree/a/', 200] });

      const lines: string[] = [];
      const second = deploy({ dir: site('v2', 'b'), env, log: (line: string) => lines.push(line) }).release?.release;
      expect(await visit(nginx.url)).toEqual({ title: 'release v2', violations: [], decree: ['/about/decree/b/', 200] });
      expect(lines).toContain(`Reloaded the web server (DEPLOY_RELOAD_COMMAND) for release ${second}.`);

      rollback({ env, log: quiet });
      expect(await visit(nginx.url)).toEqual({ title: 'release v1', violations: [], decree: ['/about/decree/a/', 200] });

      const failing = { ...env, DEPLOY_RELOAD_COMMAND: `echo 'nginx: [emerg] unexpected "}"' >&2; exit 7` };
      expect(() => deploy({ dir: site('v3', 'c'), env: failing, log: quiet })).toThrow(
        new RegExp(`DEPLOY_RELOAD_COMMAND failed \\(exit 7\\): nginx: \\[emerg\\] unexpected "}"\\. Release ${first} is live again`),
      );
      expect(readlinkSync(join(dir, CURRENT_LINK))).toBe(`${RELEASES_FOLDER}/${first}`);
      expect(await visit(nginx.url)).toEqual({ title: 'release v1', violations: [], decree: ['/about/decree/a/', 200] });
    } finally {
      await nginx.close();
    }
  }, 120_000);
});
