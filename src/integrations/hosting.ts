/**
 * Astro integration writing the host files at the end of the build (DESIGN.md §7), all from the one redirect
 * plan that the build computed into `dist/redirect-plan.json` (src/pages/redirect-plan.json.ts):
 * - `dist/_redirects` (CDN hosts), `dist/nginx.conf` (self-hosting include), and a fallback HTML page at every
 *   redirect source for hosts with neither;
 * - `dist/_headers` (CDN hosts) and the `add_header` lines of `dist/nginx.conf`: the security headers of
 *   src/lib/security-headers.ts, whose Content-Security-Policy gets the hashes of every inline script and
 *   style of the built pages (so the header allows what Astro's per-page meta policies allow);
 * - checks that `404.html` and `500.html` exist.
 * With the incremental build (astro.config.mjs), dist/ keeps the previous build: a fallback page found at a
 * redirect source is accepted when it is exactly the page this build would write there.
 * The plan file itself is removed from dist/. Any problem fails the build with a message naming the file.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cdnRedirects, fallbackPage, nginxInclude } from '../lib/hosting';
import type { Redirect } from '../lib/redirects';
import { inlineHashesOf, headersFile, securityHeaders, type SecurityPolicyOptions } from '../lib/security-headers';

/** Name of the plan file the build writes into dist/. */
export const REDIRECT_PLAN_FILE = 'redirect-plan.json';

/** Every `.html` file under `root`, as paths. */
async function htmlFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => `${entry.parentPath}/${entry.name}`);
}

/**
 * @param policy the deployment's security policy options (src/lib/security-headers.ts policyFromEnv), the same
 *   the Astro `security.csp` config was built from.
 */
export default function hosting(policy: SecurityPolicyOptions): AstroIntegration {
  return {
    name: 'insurer:hosting',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const planFile = `${root}${REDIRECT_PLAN_FILE}`;
        const plan = JSON.parse(await readFile(planFile, 'utf8')) as Redirect[];
        await rm(planFile);
        for (const page of ['404.html', '500.html']) {
          if (!existsSync(`${root}${page}`)) throw new Error(`Hosting: dist/${page} is missing.`);
        }
        const pages = await Promise.all((await htmlFiles(root)).map((file) => readFile(file, 'utf8')));
        const headers = securityHeaders(policy, inlineHashesOf(pages));
        await writeFile(`${root}_headers`, headersFile(headers));
        await writeFile(`${root}_redirects`, cdnRedirects(plan));
        await writeFile(`${root}nginx.conf`, nginxInclude(plan, headers));
        for (const redirect of plan) {
          const folder = `${root}${decodeURI(redirect.from).slice(1)}`;
          const page = fallbackPage(redirect);
          const file = `${folder}/index.html`;
          if (existsSync(file) && (await readFile(file, 'utf8')) !== page) {
            throw new Error(`Hosting: a page exists at ${redirect.from}, which the redirect plan sends to ${redirect.to}.`);
          }
          await mkdir(folder, { recursive: true });
          await writeFile(file, page);
        }
        logger.info(`${plan.length} redirects → _redirects, nginx.conf and fallback pages; security headers → _headers, nginx.conf`);
      },
    },
  };
}
