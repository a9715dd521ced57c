/**
 * The one link rule (src/portal/links.ts; REFERENCE.md "Constants" external links): site path vs external is decided
 * after the browser's own URL parsing, for every URL field of the portal; images name only the image base; videos
 * are rebuilt from their id; rich-text and notification links follow the same rule; download links to another host
 * are marked like every external link.
 */
import { describe, expect, it } from 'vitest';
import { basePath, basePathProblem, classifyFile, classifyLink, fileProblem, videoEmbedUrl } from '../../src/portal/links';
import { UPLOAD_DOWNLOAD_TYPES, UPLOAD_INLINE_TYPES, uploadType } from '../../src/site/uploads';
import { assetUrl, fileLink, isExternal } from '../../src/lib/assets';
import { isExternalUrl } from '../../src/browser/external-link';
import { parseNotification } from '../../src/lib/notifications';
import { collectRichTextWarnings, sanitizeRichText } from '../../src/portal/sanitize';
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
    for (const value of [
      'https://evil.example/x',
      'https:\\\\evil.example\\x',
      'https://ebiz.hotains.com.tw/car',
      HOSTILE_LINKS.companyBanner.value,
    ]) {
      expect(classifyLink(value)?.kind === 'external', value).toBe(isExternalUrl(value, PAGE));
    }
    // A value refused as a site path is another host to the browser too.
    expect(isExternalUrl('/\\evil.example/x', PAGE)).toBe(true);
    expect(isExternalUrl('/\t/evil.example/x', PAGE)).toBe(true);
    expect(isExternal('/\\evil.example/x')).toBe(false);
  });
});

describe('images and files name only their base; videos are rebuilt from their id', () => {
  it.each([
    ['https://evil.example/track.svg'],
    ['//evil.example/x.svg'],
    ['../../api/x'],
    ['images/%2e%2e/%2e%2e/x'],
    ['javascript:alert(1)'],
    ['data:image/svg+xml,x'],
    ['a\\..\\..\\x'],
    [''],
  ])('image %j is refused', (value) => {
    expect(basePath(value)).toBeUndefined();
    expect(() => assetUrl(value, '/upload/')).toThrow(/under the image\/file base/);
  });

  it('keeps paths under the base', () => {
    expect(assetUrl('images/banner/1-m.svg', '/upload/')).toBe('/upload/images/banner/1-m.svg');
    expect(assetUrl('/images/coupon/1.svg', 'https://img.example.com/upload/')).toBe('https://img.example.com/upload/images/coupon/1.svg');
    expect(assetUrl('files/保單 條款.pdf?v=2', '/upload/')).toBe('/upload/files/%E4%BF%9D%E5%96%AE%20%E6%A2%9D%E6%AC%BE.pdf?v=2');
    expect(basePath('files/100%.pdf')).toBe('files/100%.pdf');
  });

  it.each([
    ['&#106;avascript:alert(1)', 'HTML character reference'],
    ['files/a&amp;b.pdf', 'HTML character reference'],
    ['files/x.pdf#page=2', '"#"'],
    ['images/a/../b.svg', 'not as written'],
    ['./images/b.svg', 'not as written'],
    ['files/a\tb.pdf', 'tab'],
  ])('refuses the base path %j, which the browser would read otherwise than written, naming why', (value, reason) => {
    expect(basePath(value)).toBeUndefined();
    expect(basePathProblem(value)).toContain(reason);
  });
});

describe('portal files: only the types of src/site/uploads.ts under the base', () => {
  it('reads the type from the path before "?" and "#", in any case, after percent-decoding', () => {
    expect(uploadType('files/a.PDF?v=2#page=3')).toEqual({ mime: 'application/pdf', inline: true });
    expect(uploadType('/upload/x/y.docx')).toEqual({ mime: UPLOAD_DOWNLOAD_TYPES.docx, inline: false });
    expect(uploadType('x/a.ht%6Dl')).toBeUndefined();
    expect(uploadType('x/a.pdf%23.html')).toBeUndefined();
    expect(uploadType('x/noextension')).toBeUndefined();
    expect(uploadType('x/a.constructor')).toBeUndefined();
    expect(uploadType('x/a.pdf.')).toBeUndefined();
  });

  it('lists images, PDF and media as inline, documents as downloads, nothing in both', () => {
    for (const extension of ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'svg', 'pdf', 'mp4', 'mp3'])
      expect(UPLOAD_INLINE_TYPES[extension], extension).toBeDefined();
    for (const extension of ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'txt', 'csv', 'zip', 'rtf'])
      expect(UPLOAD_DOWNLOAD_TYPES[extension], extension).toBeDefined();
    expect(Object.keys(UPLOAD_INLINE_TYPES).filter((extension) => extension in UPLOAD_DOWNLOAD_TYPES)).toEqual([]);
    for (const extension of [...Object.keys(UPLOAD_INLINE_TYPES), ...Object.keys(UPLOAD_DOWNLOAD_TYPES)]) expect(extension).toMatch(/^[a-z0-9]+$/);
  });

  it.each([
    'x/page.html',
    'x/page.htm',
    'x/a.js',
    'x/a.mjs',
    'x/setup.exe',
    'x/feed.xml',
    'x/a.xhtml',
    'x/a.ht%6Dl',
    'x/noextension',
    'https://www.hotains.com.tw/upload/x/page.html',
    'https://www.hotains.com.tw/%75pload/x/a.js',
  ])('refuses the file %j with rule "file-type"', (value) => {
    expect(fileProblem(value)).toEqual({ rule: 'file-type', reason: expect.stringContaining('must be a file of an allowed type (jpg, jpeg, png') });
    expect(classifyFile(value)).toBeUndefined();
    expect(() => fileLink(value, '/upload/')).toThrow();
  });

  it('refuses the entity-encoded javascript: file with rule "base-path" instead of linking "/upload/&"', () => {
    expect(fileProblem('&#106;avascript:alert(1)')).toEqual({ rule: 'base-path', reason: expect.stringContaining('HTML character reference') });
    expect(() => fileLink('&#106;avascript:alert(1)', '/upload/')).toThrow();
  });

  it('keeps documents and images under the base, and files on other hosts (marked external)', () => {
    for (const value of ['files/a.pdf', 'files/a.DOCX', 'files/a.xlsx', 'files/a.zip', 'images/a.png', 'files/a.csv?v=1'])
      expect(fileProblem(value), value).toBeUndefined();
    expect(fileProblem(HOSTILE_LINKS.downloadFile.value)).toBeUndefined();
    expect(fileProblem('https://www.hotains.com.tw/news/all')).toBeUndefined();
  });
});

describe('rich text: upload links of other types lose their href, relative images resolve against the image base', () => {
  it.each(['/upload/x/page.html', '/upload/x/a.svg.html', '/%75pload/x/a.js', '/upload//x/a.exe', 'https://www.hotains.com.tw/upload/x/page.html'])(
    'cuts the link %j',
    (href) => {
      expect(sanitizeRichText(`<a href="${href}">檔案</a>`, '/upload/')).toBe('<a>檔案</a>');
    },
  );

  it('keeps upload links of allowed types and every other site path', () => {
    expect(sanitizeRichText('<a href="/upload/files/a.pdf">條款</a>', '/upload/')).toBe('<a href="/upload/files/a.pdf">條款</a>');
    expect(sanitizeRichText('<a href="/news/all/page.html">消息</a>', '/upload/')).toBe('<a href="/news/all/page.html">消息</a>');
    // A configured base that is another site path is guarded too.
    expect(sanitizeRichText('<a href="/files/x.html">檔案</a>', '/files/')).toBe('<a>檔案</a>');
  });

  it('resolves a clean relative image against the image base and removes the others', () => {
    expect(sanitizeRichText('<img src="images/x.png" alt="圖">', '/upload/')).toBe('<img src="/upload/images/x.png" alt="圖" loading="lazy" />');
    expect(sanitizeRichText('<img src="images/x.png" alt="圖">', 'https://img.example.com/upload')).toBe(
      '<img src="https://img.example.com/upload/images/x.png" alt="圖" loading="lazy" />',
    );
    expect(sanitizeRichText('<p>前<img src="../x.png">後</p><p><img src="./x.png"></p>', '/upload/')).toBe('<p>前後</p><p></p>');
    expect(sanitizeRichText('<img src="/upload/images/x.png" alt="">', '/upload/')).toBe('<img src="/upload/images/x.png" alt="" loading="lazy" />');
  });

  it('says which image it removed, so the build log can name the item', () => {
    const { result, warnings } = collectRichTextWarnings(() => sanitizeRichText('<img src="../x.png"><a href="/upload/a.html">a</a>', '/upload/'));
    expect(result).toBe('<a>a</a>');
    expect(warnings).toEqual([
      expect.stringMatching(/^image "\.\.\/x\.png" removed, a relative path that is no path under the image base: leaves the base/),
      expect.stringMatching(/^link "\/upload\/a\.html" lost its href: a portal file that must be a file of an allowed type/),
    ]);
  });

  it('marks a file on another host as external (REFERENCE.md "Constants") and keeps base files', () => {
    expect(fileLink(HOSTILE_LINKS.downloadFile.value, '/upload/')).toEqual({ href: HOSTILE_LINKS.downloadFile.value, external: true });
    expect(fileLink('files/download/1.pdf', '/upload/')).toEqual({ href: '/upload/files/download/1.pdf', external: false });
    expect(classifyFile('//evil.example/x.pdf')).toBeUndefined();
  });

  it('rebuilds the player URL from the id', () => {
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/Qm3vX7pLk2A?autoplay=1#t=3')).toBe(
      'https://www.youtube-nocookie.com/embed/Qm3vX7pLk2A',
    );
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
