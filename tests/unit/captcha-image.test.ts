/**
 * The contact form's captcha image (src/lib/forms/captcha-image.ts): only a data: URL of an image type within
 * CAPTCHA_IMAGE_MAX_BYTES is shown; the store turns anything else into a failed captcha (the form's retry message).
 */
import { describe, expect, it } from 'vitest';
import { captchaImageProblem } from '../../src/lib/forms/captcha-image';
import { CAPTCHA_IMAGE_MAX_BYTES } from '../../src/site/limits';

/** An SVG document of exactly `bytes` bytes (at least 46). */
const svg = (bytes: number) => `<svg xmlns="http://www.w3.org/2000/svg">${'x'.repeat(Math.max(0, bytes - 46))}</svg>`;
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('captchaImageProblem', () => {
  it.each([
    ["the sample portal's SVG (base64)", `data:image/svg+xml;base64,${base64(svg(8_000))}`],
    ['an SVG with a charset, percent-encoded', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(2_000))}`],
    ['a PNG', 'data:image/png;base64,iVBORw0KGgo='],
    ['JPEG, GIF, WebP, upper-case header', 'data:IMAGE/JPEG;BASE64,/9j/4AAQ'],
    ['an SVG of exactly the limit', `data:image/svg+xml;base64,${base64(svg(CAPTCHA_IMAGE_MAX_BYTES))}`],
  ])('accepts %s', (_, image) => {
    expect(captchaImageProblem(image)).toBeUndefined();
  });

  it.each([
    ['an HTML page', 'data:text/html,<script>alert(1)</script>', /text\/html, not an image type/],
    ['an HTML page in base64', `data:text/html;base64,${base64('<h1>x</h1>')}`, /not an image type/],
    ['an image type the form does not take', 'data:image/x-icon;base64,AAAB', /not an image type/],
    ['a URL on another host', 'https://evil.example/captcha.svg', /not a data: URL/],
    ['a site path', '/upload/captcha.svg', /not a data: URL/],
    ['javascript:', 'javascript:alert(1)', /not a data: URL/],
    ['a data: URL without a type', 'data:,hello', /not a data: URL/],
    ['a 7 MB SVG', `data:image/svg+xml;base64,${base64(svg(7 * 1024 * 1024))}`, /over/],
    ['an SVG one byte over the limit', `data:image/svg+xml;base64,${base64(svg(CAPTCHA_IMAGE_MAX_BYTES + 1))}`, /over/],
    ['a percent-encoded SVG over the limit', `data:image/svg+xml,${encodeURIComponent(svg(CAPTCHA_IMAGE_MAX_BYTES + 10))}`, /over/],
  ])('refuses %s', (_, image, reason) => {
    expect(captchaImageProblem(image)).toMatch(reason);
  });

  it('takes the limit as a parameter, in bytes of the decoded image', () => {
    const image = `data:image/png;base64,${base64('p'.repeat(300))}`;
    expect(captchaImageProblem(image, 300)).toBeUndefined();
    expect(captchaImageProblem(image, 299)).toMatch(/300 bytes, over 299/);
  });
});
