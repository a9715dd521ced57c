/**
 * The one definition of the security headers (src/lib/security-headers.ts, REFERENCE.md "Browser side", "Hosting"): how the policy follows
 * the deployment's settings, what the meta policy leaves to the header, the inline hashes the header collects
 * (src/integrations/inline-hashes.ts), and the
 * host-file writers' refusals. The headers as nginx serves them are tested in tests/site/headers.test.ts.
 */
import { SPECULATION_RULES, SPECULATION_RULES_HASH } from '../../src/lib/speculation-rules';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/settings';
import { astroCsp, contentSecurityPolicy, headersFile, nginxHeaderLines, policyFrom, securityHeaders } from '../../src/lib/security-headers';
import { InlineHashes, inlineHashesOf } from '../../src/integrations/inline-hashes';

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)] as const));

describe('policy from the environment', () => {
  it('defaults to same-origin images and API, no analytics', () => {
    const csp = directives(contentSecurityPolicy(policyFrom(readSettings({}))));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')!.join(' ')).not.toContain('googletagmanager');
  });

  it('allows Google Analytics only when a measurement id is set', () => {
    const csp = directives(contentSecurityPolicy(policyFrom(readSettings({ PUBLIC_GA_MEASUREMENT_ID: 'G-TEST123' }))));
    expect(csp.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
  });

  it('allows the origins of an absolute image base and API base, by origin only', () => {
    const csp = directives(
      contentSecurityPolicy(
        policyFrom(readSettings({ PUBLIC_IMAGE_BASE: 'https://img.example.com/upload/', PUBLIC_PORTAL_API_BASE: 'https://portal.example.com/v1' })),
      ),
    );
    expect(csp.get('img-src')).toContain('https://img.example.com');
    expect(csp.get('media-src')).toContain('https://img.example.com');
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://portal.example.com']);
  });
});

describe('meta policy and header policy', () => {
  it('leaves frame-ancestors to the header and script/style sources to Astro', () => {
    const config = astroCsp(policyFrom(readSettings({})));
    expect(config.directives.some((directive) => directive.startsWith('frame-ancestors'))).toBe(false);
    expect(config.directives.some((directive) => /^(script|style)-src/.test(directive))).toBe(false);
    expect(config.scriptDirective.resources).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(contentSecurityPolicy(policyFrom(readSettings({})))).toContain("frame-ancestors 'none'");
  });

  it("allows the site's speculation rules by their hash in the meta policy", () => {
    const config = astroCsp(policyFrom(readSettings({})), [SPECULATION_RULES_HASH]);
    expect(config.scriptDirective.hashes).toEqual([`sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}`]);
  });

  it('hashes inline scripts (speculation rules included) and styles, not script files or JSON-LD', () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const hashes = inlineHashesOf([
      '<script>boot()</script><script type="module">mod()</script><script type="application/ld+json">{"a":1}</script>',
      '<script src="/_astro/x.js"></script><script type="speculationrules">{"prerender":[]}</script><style>a{}</style>',
    ]);
    expect([...hashes.get('script-src')!]).toEqual([sha('boot()'), sha('mod()'), sha('{"prerender":[]}')]);
    expect([...hashes.get('style-src')!]).toEqual([sha('a{}')]);
    const csp = directives(contentSecurityPolicy(policyFrom(readSettings({})), hashes));
    expect(csp.get('script-src')).toContain(sha('boot()'));
    expect(csp.get('style-src')).toContain(sha('a{}'));
  });

  it('gives the same hashes for pages decoded byte by byte (latin1), as the build reads them', () => {
    const page = '<script>toast("已送出，謝謝您")</script><style>.a::after{content:"（另開新視窗）"}</style>';
    const bytes = Buffer.from(page, 'utf8');
    expect(inlineHashesOf([bytes.toString('latin1')], 'latin1')).toEqual(inlineHashesOf([page]));
  });
});

describe('no portal text changes the policy', () => {
  const policy = policyFrom(readSettings({}));
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  /** A page of the site: its own inline script and style, and `portal` where the templates put portal text. */
  const page = (portal = '') =>
    `<html><head><title>新聞${portal ? ' &lt;script&gt;alert(0)&lt;/script&gt;' : ''}</title><style>a{}</style>` +
    `<meta name="description" content="${portal}"><meta property="og:description" content="${portal}">` +
    `<script>boot()</script></head><body><img alt="${portal}" src="/upload/1.svg"><p aria-label='${portal}'>` +
    `${portal ? '&lt;script&gt;alert(3)&lt;/script&gt;' : ''}</p><script type="module" src="/_astro/x.js"></script></body></html>`;
  const smuggled = ['<script>alert(1)</script>', '</style><style>x{}', '<SCRIPT type=module>alert(2)</SCRIPT>', '<style>body{display:none}</style>'];

  it.each(smuggled)('markup in attribute values and text (%s) leaves the policy as the plain pages give it', (payload) => {
    const plain = contentSecurityPolicy(policy, inlineHashesOf([page(), page()]));
    expect(contentSecurityPolicy(policy, inlineHashesOf([page(), page(payload)]))).toBe(plain);
    expect(contentSecurityPolicy(policy, inlineHashesOf([page(payload)]))).toBe(plain);
    expect(plain).toContain(sha('boot()'));
    expect(plain).toContain(sha('a{}'));
  });

  it('ignores script and style markup in comments and in the text of title and textarea', () => {
    const hidden = '<title><script>t()</script></title><!-- <script>c()</script><style>c{}</style> --><textarea><style>s{}</style></textarea>';
    expect(inlineHashesOf([`${hidden}<script>real()</script>`])).toEqual(
      new Map([
        ['script-src', new Set([sha('real()')])],
        ['style-src', new Set()],
      ]),
    );
  });

  it('still finds a new script on a page whose other elements were seen on earlier pages', () => {
    const hashes = inlineHashesOf([page(), page(smuggled[0]).replace('</body>', '<script>fresh()</script></body>')]);
    expect([...hashes.get('script-src')!]).toEqual([sha('boot()'), sha('fresh()')]);
  });
});

describe('host files', () => {
  it('nginx lines escape quotes and refuse nginx variables', () => {
    expect(nginxHeaderLines([['Permissions-Policy', 'camera=("https://a.example")']])).toBe(
      'add_header Permissions-Policy "camera=(\\"https://a.example\\")" always;',
    );
    expect(() => nginxHeaderLines([['X-Test', 'a $host']])).toThrow(/unsafe character in the X-Test/);
  });

  it('_headers refuses a line longer than the CDN allows', () => {
    const many = new Map([['script-src', new Set(Array.from({ length: 60 }, (_, i) => `'sha256-${String(i).padStart(43, 'A')}='`))]]);
    expect(() => headersFile(securityHeaders(policyFrom(readSettings({})), many))).toThrow(/exceeds the CDN limit of 2000/);
  });

  it('names the pages that bring the most hashes when the policy is too long for the CDN', () => {
    const collected = new InlineHashes();
    collected.add('<script>boot()</script><style>a{}</style>', 'index.html');
    collected.add(
      `<script>boot()</script>${Array.from({ length: 40 }, (_, i) => `<script>widget(${i})</script>`).join('')}`,
      'news/detail/7/index.html',
    );
    collected.add('<script>boot()</script><script>widget(1)</script>', 'news/detail/8/index.html');
    expect(() => headersFile(securityHeaders(policyFrom(readSettings({})), collected.hashes), collected.origins)).toThrow(
      /exceeds the CDN limit of 2000.*lists 42 hashes of inline scripts and styles; .*: news\/detail\/7\/index\.html \(40 hashes, 39 of them on that page only\), index\.html \(2 hashes, 1 of them on that page only\)/,
    );
  });
});
