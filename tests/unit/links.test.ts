/**
 * The one link rule (src/portal/links.ts; issue 17 items 1 and 9, deliverable 2): site path vs external is decided
 * after the browser's own URL parsing, for every URL field of the portal; images name only the image base; videos
 * are rebuilt from their id; rich-text and notification links follow the same rule; download links to another host
 * are marked like every external link.
 */
import { describe, expect, it } from 'vitest';
import { basePath, classifyFile, classifyLink, videoEmbedUrl } from '../../src/portal/links';
import { assetUrl, fileLink, isExternal } from '../../src/lib/assets';
import { isExternalUrl } from '../../src/browser/external-link';
import { parseNotification } from '../../src/lib/notifications';
import { sanitizeRichText } from '../../src/portal/sanitize';
import { HOSTILE_LINKS } from '../../scripts/sample-portal/content/hostile.mjs';

const PAGE = 'https://www.hotains.com.tw/news/all/1';

describe('classifyLink: what the browser will do with the value', () => {
  it.each([
    ['/\\evil.example/campaign'],
    ['/\t/evil.example/campaign'],
    ['/\n/evil.example/'],
    [' //evil.example/'],
    ['\\\\evil.example/'],
    ['javascript:alert(1)'],
    ['JaVa\tScRiPt:alert(1)'],
    ['data:text/html,x'],
    ['news/all'],
    [''],
  ])('%j is no link (a host without a scheme, another scheme, or a relative path)', (value) => {
    expect(classifyLink(value)).toBeUndefined();
    // The browser agrees: where it resolves such a value (on our page), it is never a path of our site.
    const url = (() => {
      try {
        return new URL(value, PAGE);
      } catch {
        return undefined;
      }
    })();
    if (url?.origin === new URL(PAGE).origin) expect(value.trim().startsWith('/')).toBe(false);
  });

  it('reads site paths and URLs in the serialized form the browser will use', () => {
    expect(classifyLink('/insurance/detail/1')).toEqual({ kind: 'site', href: '/insurance/detail/1' });
    expect(classifyLink('/news/all/1?"><script>')).toEqual({ kind: 'site', href: '/news/all/1?%22%3E%3Cscript%3E' });
    expect(classifyLink(HOSTILE_LINKS.companyBanner.value)).toEqual({ kind: 'company', href: HOSTILE_LINKS.companyBanner.value });
    expect(classifyLink('https:\\\\evil.example\\x')).toEqual({ kind: 'external', href: 'https://evil.example/x' });
    expect(classifyLink('https://www.hotains.com.tw@evil.example/')).toEqual({ kind: 'external', href: 'https://www.hotains.com.tw@evil.example/' });
  });

  it('agrees with the click-time detector of the browser for every absolute link', () => {
    for (const value of ['https://evil.example/x', 'https:\\\\evil.example\\x', 'https://ebiz.hotains.com.tw/car', HOSTILE_LINKS.companyBanner.value]) {
      expect(classifyLink(value)?.kind === 'external', value).toBe(isExternalUrl(value, PAGE));
    }
    // A value refused as a site path is another host to the browser too.
    expect(isExternalUrl('/\\evil.example/x', PAGE)).toBe(true);
    expect(isExternalUrl('/\t/evil.example/x', PAGE)).toBe(true);
    expect(isExternal('/\\evil.example/x')).toBe(false);
  });
});

describe('images and files name only their base; videos are rebuilt from their id', () => {
  it.each([['https://evil.example/track.svg'], ['//evil.example/x.svg'], ['../../api/x'], ['images/%2e%2e/%2e%2e/x'], ['javascript:alert(1)'], ['data:image/svg+xml,x'], ['a\\..\\..\\x'], ['']])(
    'image %j is refused',
    (value) => {
      expect(basePath(value)).toBeUndefined();
      expect(() => assetUrl(value, '/upload/')).toThrow(/under the image\/file base/);
    },
  );

  it('keeps paths under the base', () => {
    expect(assetUrl('images/banner/1-m.svg', '/upload/')).toBe('/upload/images/banner/1-m.svg');
    expect(assetUrl('/images/coupon/1.svg', 'https://img.example.com/upload/')).toBe('https://img.example.com/upload/images/coupon/1.svg');
    expect(assetUrl('images/a/../b.svg', '/upload/')).toBe('/upload/images/b.svg');
  });

  it('marks a file on another host as external (issue 17 item 1) and keeps base files', () => {
    expect(fileLink(HOSTILE_LINKS.downloadFile.value, '/upload/')).toEqual({ href: HOSTILE_LINKS.downloadFile.value, external: true });
    expect(fileLink('files/download/1.pdf', '/upload/')).toEqual({ href: '/upload/files/download/1.pdf', external: false });
    expect(classifyFile('//evil.example/x.pdf')).toBeUndefined();
  });

  it('rebuilds the player URL from the id', () => {
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/Qm3vX7pLk2A?autoplay=1#t=3')).toBe('https://www.youtube-nocookie.com/embed/Qm3vX7pLk2A');
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/../../redirect?q=https://evil.example')).toBeUndefined();
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/%2e%2e/redirect')).toBeUndefined();
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/x"onload="a')).toBeUndefined();
    expect(videoEmbedUrl('https://www.youtube.com/embed/Qm3vX7pLk2A')).toBeUndefined();
  });
});

describe('rich-text and notification links follow the same rule', () => {
  it('opens http(s) links in a new tab with rel and the hint; drops hosts without a scheme', () => {
    expect(sanitizeRichText('<a href="https://evil.example/">外部網站</a>')).toBe(
      '<a href="https://evil.example/" target="_blank" rel="noopener noreferrer">外部網站<span class="visually-hidden">（另開新視窗）</span></a>',
    );
    expect(sanitizeRichText('<a href="/\\evil.example/">反斜線</a>')).toBe('<a>反斜線</a>');
    expect(sanitizeRichText('<a href="/&#9;/evil.example/">定位字元</a>')).toBe('<a>定位字元</a>');
    expect(sanitizeRichText('<a href="/claim" target="_top">理賠</a>')).toBe('<a href="/claim">理賠</a>');
    expect(sanitizeRichText('<a href="mailto:a@b.tw">信</a>')).toBe('<a href="mailto:a@b.tw">信</a>');
  });

  it('keeps a notification link only when it is one, and says when it opens a new tab', () => {
    const parse = (nextUrl: string) => parseNotification({ category: 2, description: 'x', startDate: '2026-05-01', nextUrl });
    expect(parse('/\\evil.example/')?.nextUrl).toBeUndefined();
    expect(parse('/\t/evil.example/')?.nextUrl).toBeUndefined();
    expect(parse('/news/all')).toMatchObject({ nextUrl: '/news/all', nextUrlNewTab: false });
    expect(parse('https://evil.example')).toMatchObject({ nextUrl: 'https://evil.example/', nextUrlNewTab: true });
  });
});
