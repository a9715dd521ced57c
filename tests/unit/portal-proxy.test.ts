/**
 * What the site's servers forward to the portal (src/lib/portal-proxy.ts), and what each host is written
 * (src/lib/host-config.ts, src/settings.ts SITE_HOST): the browser's calls at exactly their paths, the portal's files
 * only under a safe path; the build's portal-path rule refuses the same spellings; on a CDN host the portal's files
 * are linked on the portal's own origin, and only Netlify gets proxy rules (for the browser's calls alone).
 * The servers themselves, nginx and `npm start` in front of a portal that resolves such paths: tests/site/portal-paths.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiLocations, cdnProxyRules, cdnRedirects, nginxInclude, realIpLines } from '../../src/lib/host-config';
import { BROWSER_ENDPOINTS, isHiddenProxyHeader, portalRoute } from '../../src/lib/portal-proxy';
import * as catalogue from '../../src/portal/endpoints';
import { ENDPOINTS, type Endpoint } from '../../src/portal/endpoints';
import { basePath, basePathProblem } from '../../src/portal/links';
import { onImageBase, sanitizeRichText } from '../../src/portal/sanitize';
import { readSettings } from '../../src/settings';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Spellings that an application server may resolve to another file than the one named. */
const ESCAPES = [
  '..;/upload/x.png',
  'images/..;/x.png',
  'images/..%2fx.png',
  'images%5cx.png',
  'images/%252e%252e/x.png',
  'a;b/x.png',
  'images/%2e%2e/x.png',
  'x%25.png',
];

describe('which requests reach the portal', () => {
  it('forwards each call the browser makes, at exactly its path, and no other path under /api/', () => {
    for (const { path } of BROWSER_ENDPOINTS) {
      expect(portalRoute(path)).toEqual({ kind: 'api', path });
      expect(portalRoute(`${path}?year=2026`)).toEqual({ kind: 'api', path });
    }
    expect(portalRoute(ENDPOINTS.decrees.path)).toEqual({ kind: 'refused', status: 404 });
    expect(portalRoute('/api/common/getportalnotification')).toEqual({ kind: 'refused', status: 404 });
  });

  it.each([
    '/api/..;/upload/x/page.html',
    '/api/..%5cupload%5cx%5cpage.html',
    '/api/..%2Fupload/x',
    '/api/%2e%2e/upload/x',
    '/api/%252e%252e/upload/x',
    '/api/Common/GetPortalNotification;x',
    '/upload/a/..;/b.png',
    '/upload/a\\..\\b.png',
    '/upload/a%5c..%5cb.png',
    '/upload/%2e%2e/api/x',
    '/upload/a%252e%252e/b.png',
  ])('refuses %s before forwarding it', (path) => {
    expect(portalRoute(path)).toEqual({ kind: 'refused', status: 400 });
  });

  it('leaves to the site every path that reaches a portal prefix only once decoded or normalized', () => {
    expect(portalRoute('/%61pi/..;/upload/x/page.html')).toEqual({ kind: 'site' });
    expect(portalRoute('/x/../api/Common/GetPortalNotification')).toEqual({ kind: 'site' });
    expect(portalRoute('/upload/images/news/%E6%96%B0.png?v=2')).toEqual({ kind: 'upload' });
  });

  it('drops the portal headers that act on the site, X-Accel-* and a redirect Location included', () => {
    for (const name of ['Service-Worker-Allowed', 'set-cookie', 'Refresh', 'X-Accel-Redirect', 'x-accel-anything', 'Location', 'Content-Type']) {
      expect(isHiddenProxyHeader(name), name).toBe(true);
    }
    expect(isHiddenProxyHeader('ETag')).toBe(false);
  });

  it('lists every portal call that browser code makes', () => {
    const imported = new Set<string>();
    for (const folder of ['src/stores', 'src/islands', 'src/browser', 'src/components', 'src/layouts']) {
      for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
        for (const [, names] of text.matchAll(/import\s*{([^}]*)}\s*from\s*'[./]*portal\/endpoints'/g)) {
          for (const name of names.split(',').map((part) => part.trim())) if (name.endsWith('_ENDPOINT')) imported.add(name);
        }
      }
    }
    // Every endpoint constant browser code imports is forwarded, whatever its name.
    const paths = BROWSER_ENDPOINTS.map(({ path }) => path);
    expect(imported.size).toBeGreaterThanOrEqual(BROWSER_ENDPOINTS.length);
    for (const name of imported) {
      const endpoint = (catalogue as unknown as Record<string, Endpoint | undefined>)[name];
      expect(endpoint, `${name} is an endpoint of src/portal/endpoints.ts`).toBeDefined();
      expect(paths, name).toContain(endpoint!.path);
    }
  });
});

describe("the build's portal-path rule", () => {
  it.each(ESCAPES)('refuses %s', (value) => {
    expect(basePath(value)).toBeUndefined();
    expect(basePathProblem(value)).toBeTruthy();
  });

  it('keeps ordinary file names, Chinese and encoded ones included', () => {
    expect(basePath('images/news/1.jpg')).toBe('images/news/1.jpg');
    expect(basePath('files/%E7%90%86%E8%B3%A0.pdf')).toBe('files/%E7%90%86%E8%B3%A0.pdf');
  });
});

describe('what each host is written', () => {
  it('nginx: one exact location per browser call, forwarded to that path; every other /api/ path 404', () => {
    const conf = apiLocations([]);
    for (const { path } of BROWSER_ENDPOINTS) {
      expect(conf).toContain(`location = ${path} {`);
      expect(conf).toContain(`proxy_pass http://portal${path};`);
    }
    expect(conf).toContain('location ^~ /api/ { return 404; }');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('nginx behind a CDN: the visitor address only from the trusted ranges', () => {
    expect(realIpLines([])).not.toContain('set_real_ip_from');
    expect(realIpLines(['173.245.48.0/20', '2400:cb00::/32'])).toBe(
      '# The CDN in front (EDGE_TRUSTED_PROXIES): the visitor is the address it reports.\n' +
        'set_real_ip_from 173.245.48.0/20;\nset_real_ip_from 2400:cb00::/32;\nreal_ip_header X-Forwarded-For;\nreal_ip_recursive on;',
    );
    expect(nginxInclude([], [], { trustedProxies: ['10.0.0.0/8'] })).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(() => realIpLines(['10.0.0.0/8; return 200'])).toThrow(/no address/);
  });

  it('Netlify: _redirects proxies the browser calls alone, at their exact paths, before the redirects', () => {
    const rules = cdnProxyRules('https://portal.example.com/');
    expect(rules).toEqual(BROWSER_ENDPOINTS.map(({ path }) => `${path} https://portal.example.com${path} 200`));
    const text = cdnRedirects([{ from: '/news', to: '/news/all/1', status: 301 }], rules).text;
    const lines = text.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines.slice(0, rules.length)).toEqual(rules);
    expect(text).not.toMatch(/\/upload\//);
  });

  it('Netlify and Cloudflare Pages: the portal files on the portal origin, a base on the site origin refused', () => {
    const portal = { PORTAL_API_BASE: 'https://portal.example.com' };
    expect(readSettings({ ...portal }).PUBLIC_IMAGE_BASE).toBe('/upload/');
    const netlify = readSettings({ ...portal, SITE_HOST: 'netlify' });
    expect(netlify.PUBLIC_IMAGE_BASE).toBe('https://portal.example.com/upload/');
    expect(netlify.PUBLIC_PORTAL_API_BASE).toBe('');
    const cloudflare = readSettings({ ...portal, SITE_HOST: 'cloudflare-pages', PORTAL_IMAGE_BASE: 'https://files.example.com/up/' });
    expect(cloudflare.PUBLIC_IMAGE_BASE).toBe('https://files.example.com/up/');
    expect(cloudflare.PUBLIC_PORTAL_API_BASE).toBe('https://portal.example.com');
    expect(() => readSettings({ ...portal, SITE_HOST: 'netlify', PUBLIC_IMAGE_BASE: '/upload/' })).toThrow(
      /PUBLIC_IMAGE_BASE must be an absolute URL on another origin/,
    );
    expect(() =>
      readSettings({
        ...portal,
        SITE_HOST: 'cloudflare-pages',
        SITE_URL: 'https://www.example.com',
        PUBLIC_IMAGE_BASE: 'https://www.example.com/upload/',
      }),
    ).toThrow(/another origin than SITE_URL/);
  });

  it('Netlify and Cloudflare Pages: portal rich text linking /upload/ is linked on the portal origin', () => {
    const base = 'https://portal.example.com/upload/';
    expect(onImageBase('/upload/files/a.pdf', base)).toBe('https://portal.example.com/upload/files/a.pdf');
    expect(onImageBase('/upload/files/a.pdf', '/upload/')).toBe('/upload/files/a.pdf');
    const html = sanitizeRichText('<p><a href="/upload/files/a.pdf">表單</a><img src="/upload/images/a.png" alt="圖"></p>', base);
    expect(html).toContain('href="https://portal.example.com/upload/files/a.pdf"');
    expect(html).toContain('src="https://portal.example.com/upload/images/a.png"');
    expect(html).not.toMatch(/(?:href|src)="\/upload\//);
  });
});
