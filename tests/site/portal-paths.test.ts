/**
 * The portal is reached only where the site means to reach it (src/lib/portal-proxy.ts): the built dist/ served by
 * real nginx with its generated include and by `npm start`'s server (scripts/serve.mjs), in front of a portal
 * stand-in that resolves paths the way common application servers do (IIS and ASP.NET read `\` and `%5c` as `/`,
 * Tomcat and Jetty drop `;parameters` before resolving `..`, and a second decoding reads `%252e` as `.`), and holds
 * an HTML page, a script and a service worker (with `Service-Worker-Allowed: /`) among its uploads:
 * - no spelling of a path under `/api/`, `/upload/` or elsewhere makes the stand-in serve those files;
 * - in Chromium, a page of the site can neither load such a file as a script nor register any service worker but
 *   the site's own `/sw.js`;
 * - the API's answers come typed JSON, without the portal's acting headers (`Service-Worker-Allowed`, `Set-Cookie`,
 *   `X-Accel-*`), and a portal redirect under `/upload/` never reaches the visitor;
 * - the visitor's `X-Forwarded-For` is replaced by the connection's address, so rotating it does not escape the
 *   sample portal's form rate limit;
 * - `/reader/audio/` answers carry the site's security headers, and the Permissions-Policy names no feature Chromium
 *   does not know.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/system.mjs';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { serveSite } from '../../scripts/serve.mjs';
import { PROBLEM_FORM_ENDPOINT, NOTIFICATIONS_ENDPOINT } from '../../src/portal/endpoints';
import { FORM_CODES } from '../../scripts/sample-portal/forms.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
/** What the stand-in's hostile files write into the site's storage when they run. */
const MARK = 'portal-paths-pwned';

/** The stand-in's files: resolved path → answer. */
const FILES: Record<string, { type: string; body: string; headers?: Record<string, string> }> = {
  '/upload/x/page.html': { type: 'text/html', body: `<title>pwned</title><script>localStorage.setItem('${MARK}','page')</script>` },
  '/upload/x/a.js': { type: 'text/javascript', body: `localStorage.setItem('${MARK}','script')` },
  '/upload/x/sw.js': {
    type: 'text/javascript',
    body: `self.addEventListener('fetch',(e)=>e.respondWith(new Response('<h1>${MARK}</h1>',{headers:{'Content-Type':'text/html'}})))`,
    headers: { 'Service-Worker-Allowed': '/' },
  },
  '/upload/x/moved.png': { type: 'image/png', body: '', headers: { Location: 'https://evil.example/' } },
};

/**
 * A path as an application server resolves it: `\` and `%5c` as `/`, `;parameters` dropped from each segment,
 * percent-encoding decoded twice (`%252e` → `.`), then dot segments resolved.
 */
function lenientPath(raw: string): string {
  let path = raw.split('?')[0] ?? '/';
  for (let round = 0; round < 2; round += 1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    const name = segment.split(';')[0] ?? '';
    if (name === '..') segments.pop();
    else if (name !== '.' && name !== '') segments.push(name);
  }
  return `/${segments.join('/')}`;
}

/** The stand-in portal: serves FILES at their resolved paths, JSON for the API, and records what it answered. */
async function startStandIn() {
  const served: string[] = [];
  const forwardedFor: string[] = [];
  const server = http.createServer((req, res) => {
    forwardedFor.push(String(req.headers['x-forwarded-for'] ?? ''));
    const path = lenientPath(req.url ?? '/');
    const file = FILES[path];
    if (file) {
      served.push(path);
      res.writeHead(file.headers?.Location ? 302 : 200, { 'Content-Type': file.type, ...file.headers });
      res.end(file.body);
      return;
    }
    if (path.toLowerCase().startsWith('/api/')) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript',
        'Service-Worker-Allowed': '/',
        'Set-Cookie': 'portal=1; Path=/',
        'X-Accel-Redirect': '/upload/x/page.html',
        'X-Accel-Buffering': 'no',
      });
      res.end(JSON.stringify({ code: 20000, message: '', data: [] }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    forwardedFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw request (the path sent exactly as written, which fetch would normalize). */
function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Spellings an attacker tries to reach the stand-in's files through the site's origin. */
const ATTACKS = [
  '/api/..;/upload/x/page.html',
  '/api/..;/upload/x/a.js',
  '/api/..;/upload/x/sw.js',
  '/api/..%5cupload%5cx%5cpage.html',
  '/api/..%5Cupload%5Cx%5Csw.js',
  '/api/..\\upload\\x\\page.html',
  '/api/..%2fupload%2fx%2fpage.html',
  '/api/%2e%2e/upload/x/page.html',
  '/api/%252e%252e/upload/x/page.html',
  '/api/Common/GetPortalNotification/..;/..;/..;/upload/x/page.html',
  '/api/Common/GetPortalNotification;/../../../upload/x/page.html',
  '/api/Common/GetPortalNotification%3b/..%2f..%2f..%2fupload/x/sw.js',
  '/%61pi/..;/upload/x/page.html',
  '/upload/..;/upload/x/page.html',
  '/upload/y/..;/x/page.html',
  '/upload/y/..%5cx%5cpage.html',
  '/upload/y/%252e%252e/x/a.js',
  '/upload/y;/../x/sw.js',
  '/x/..;/upload/x/page.html',
  '/news/..;/..;/upload/x/page.html',
];

let standIn: Awaited<ReturnType<typeof startStandIn>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let local: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;

beforeAll(async () => {
  standIn = await startStandIn();
  nginx = await startNginx({ dist, portalUrl: standIn.url });
  local = await serveSite({ dist, portalUrl: standIn.url });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await local?.close();
  await nginx?.close();
  await standIn?.close();
});

const servers: [string, () => string][] = [
  ['nginx (dist/nginx.conf)', () => nginx.url],
  ['npm start (scripts/serve.mjs)', () => local.url],
];

describe.each(servers)('the portal through %s', (_name, base) => {
  it.each(ATTACKS)('%s reaches none of the portal files', async (path) => {
    const before = standIn.served.length;
    const answer = await rawRequest(base(), path);
    expect(standIn.served.slice(before), `${path} was resolved by the portal`).toEqual([]);
    expect(answer.body).not.toContain(MARK);
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });

  it('forwards the browser calls at exactly their paths, as JSON without the portal acting headers', async () => {
    const answer = await rawRequest(base(), NOTIFICATIONS_ENDPOINT.path, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 20000 });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['service-worker-allowed', 'set-cookie', 'x-accel-redirect', 'x-accel-buffering']) {
      expect(answer.headers[name], name).toBeUndefined();
    }
    // Any other path under /api/ is not forwarded.
    const before = standIn.forwardedFor.length;
    expect((await rawRequest(base(), '/api/PortalDecree/GetPutOnDecree')).status).toBe(404);
    expect((await rawRequest(base(), '/API/Common/GetPortalNotification')).status).toBe(404);
    expect(standIn.forwardedFor.length).toBe(before);
  });

  it('answers a portal redirect under /upload/ with 404, never its Location', async () => {
    const answer = await rawRequest(base(), '/upload/x/moved.png');
    expect(answer.status).toBe(404);
    expect(answer.headers.location).toBeUndefined();
  });

  it('forwards the connection address as X-Forwarded-For, never what the visitor wrote', async () => {
    const before = standIn.forwardedFor.length;
    await rawRequest(base(), NOTIFICATIONS_ENDPOINT.path, { method: 'POST', body: '{}', headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(standIn.forwardedFor.slice(before)).toEqual(['127.0.0.1']);
  });

  it('in Chromium, a page of the site loads no portal file as a script and registers no worker but /sw.js', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base()}/robots.txt`);
      const outcome = await page.evaluate(
        async ({ scripts, workers }) => {
          const loaded: string[] = [];
          for (const src of scripts) {
            const ok = await new Promise<boolean>((resolve) => {
              const script = document.createElement('script');
              script.src = src;
              script.onload = () => resolve(true);
              script.onerror = () => resolve(false);
              document.head.append(script);
            });
            if (ok) loaded.push(src);
          }
          const registered: string[] = [];
          for (const url of workers) {
            try {
              await navigator.serviceWorker.register(url, { scope: '/' });
              registered.push(url);
            } catch {
              // refused, as it must be
            }
          }
          const registrations = await navigator.serviceWorker.getRegistrations();
          return { loaded, registered, scripts: registrations.map((r) => (r.installing ?? r.waiting ?? r.active)?.scriptURL ?? '') };
        },
        {
          scripts: ['/api/..;/upload/x/a.js', '/api/..%5cupload%5cx%5ca.js', '/upload/y/..;/x/a.js', NOTIFICATIONS_ENDPOINT.path],
          workers: ['/api/..;/upload/x/sw.js', '/api/..%5cupload%5cx%5csw.js', '/upload/y/..;/x/sw.js', NOTIFICATIONS_ENDPOINT.path],
        },
      );
      expect(outcome.loaded).toEqual([]);
      expect(outcome.registered).toEqual([]);
      expect(outcome.scripts.every((url) => new URL(url).pathname === '/sw.js')).toBe(true);
      expect(await page.evaluate((key) => localStorage.getItem(key), MARK)).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('answers /reader/audio/ with the security headers of every other answer', async () => {
    const folder = join(dist, 'reader', 'audio');
    const file = existsSync(folder) ? readdirSync(folder).find((name) => name.endsWith('.mp3')) : undefined;
    expect(file, 'the built site has reader audio').toBeDefined();
    const page = await fetch(`${base()}/`);
    const audio = await fetch(`${base()}/reader/audio/${file}`);
    expect(audio.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-resource-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(audio.headers.get(name), name).toBe(page.headers.get(name));
    }
  });

  it('sends a Permissions-Policy Chromium reads without a complaint', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto(`${base()}/robots.txt`);
      await page.waitForTimeout(300);
      expect(messages.filter((text) => /Permissions-Policy/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(servers.map(([name]) => name))('the form rate limit behind %s', (name) => {
  it('counts every post of one visitor in one bucket, whatever X-Forwarded-For it sends', async () => {
    const portal = await startSamplePortal({ port: 0, rateLimit: '5/60000' });
    const server = name.startsWith('nginx') ? await startNginx({ dist, portalUrl: portal.url }) : await serveSite({ dist, portalUrl: portal.url });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const answer = await rawRequest(server.url, PROBLEM_FORM_ENDPOINT.path, {
          method: 'POST',
          body: '{}',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
        });
        codes.push((JSON.parse(answer.body) as { code: number }).code);
      }
      expect(codes.slice(5)).toEqual([FORM_CODES.rateLimited, FORM_CODES.rateLimited]);
    } finally {
      await server.close();
      await portal.close();
    }
  });
});
