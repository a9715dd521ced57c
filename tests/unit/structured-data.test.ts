/**
 * Portal rich text headings and JSON-LD serialization: headings of portal HTML start at h2 without
 * skipping a level, and JSON-LD text can never close its script element.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/portal/sanitize';
import { breadcrumbJsonLd, faqPageJsonLd, htmlToText, serializeJsonLd } from '../../src/lib/structured-data';

describe('sanitizeRichText headings', () => {
  it('turns h1 into h2 and keeps h2/h3 as they are', () => {
    expect(sanitizeRichText('<h1>A</h1><h2>B</h2><h3>C</h3>')).toBe('<h2>A</h2><h2>B</h2><h3>C</h3>');
  });

  it('moves headings up so the highest is h2 (an h3 right after the page h1 would skip a level)', () => {
    expect(sanitizeRichText('<h3>屋外</h3><p>x</p><h4>細項</h4>')).toBe('<h2>屋外</h2><p>x</p><h3>細項</h3>');
    expect(sanitizeRichText('<h4 class="t">A</h4><h6>B</h6>')).toBe('<h2>A</h2><h4>B</h4>');
  });

  it('leaves text without headings unchanged', () => {
    expect(sanitizeRichText('<p>沒有標題</p>')).toBe('<p>沒有標題</p>');
  });
});

describe('JSON-LD', () => {
  it('escapes < so portal text cannot end the script element', () => {
    const data = faqPageJsonLd([{ title: '</script><script>alert(1)</script>', content: '<p>答</p>' }]);
    const text = serializeJsonLd(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });

  it('gives FAQ answers as plain text', () => {
    expect(htmlToText('<p>請撥&nbsp;<a href="tel:1">0800</a> &amp; 來信</p>')).toBe('請撥 0800 & 來信');
  });

  it('numbers breadcrumbs from 1 and points the last at the current page', () => {
    const list = breadcrumbJsonLd(
      [{ label: '首頁', href: '/' }, { label: '客戶服務' }, { label: '常見問題' }],
      '/faq/6',
      new URL('https://example.org'),
    );
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '首頁', item: 'https://example.org/' },
      { '@type': 'ListItem', position: 2, name: '客戶服務' },
      { '@type': 'ListItem', position: 3, name: '常見問題', item: 'https://example.org/faq/6' },
    ]);
  });
});
