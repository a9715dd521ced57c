/**
 * Headings of portal rich text (src/portal/sanitize.ts): the top level is read from the headings that
 * survive sanitizing, so a heading written in a comment, an attribute value or a removed element cannot keep a
 * visible h3 under the page's h1 (a skipped level for screen-reader users, WCAG 1.3.1).
 */
import { describe, expect, it } from 'vitest';
import { headingLevels, headingRenames, sanitizeRichText } from '../../src/portal/sanitize';

describe('sanitizeRichText: the top heading is h2, counted on what survives sanitizing', () => {
  it.each([
    ['an h1 inside a comment', '<!-- <h1>x</h1> --><h3>T</h3>', '<h2>T</h2>'],
    ['an h1 inside an attribute value that is dropped', '<p title="see <h1>">a</p><h3>T</h3>', '<p>a</p><h2>T</h2>'],
    [
      'an h2 inside an attribute value that is kept',
      '<a title="<h2>" href="/claim">連結</a><h4>T</h4>',
      '<a title="&lt;h2&gt;" href="/claim">連結</a><h2>T</h2>',
    ],
    ['an h1 inside a removed script', '<script><h1>x</h1></script><h3>T</h3>', '<h2>T</h2>'],
    ['an h1 inside a removed style', '<style>h1{color:red}</style><h3>T</h3>', '<h2>T</h2>'],
    ['an h1 inside a removed textarea', '<textarea><h1>x</h1></textarea><h4>T</h4><h5>U</h5>', '<h2>T</h2><h3>U</h3>'],
    ['an h1 inside a removed option', '<select><option><h1>x</h1></option></select><h3>T</h3>', '<h2>T</h2>'],
    ['"<h1>" as escaped text', '<h3>關於 &lt;h1&gt; 標籤</h3>', '<h2>關於 &lt;h1&gt; 標籤</h2>'],
  ])('%s does not count: the visible h3/h4 becomes h2', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  it.each([
    ['h1 becomes h2, h2 and h3 stay', '<h1>A</h1><h2>B</h2><h3>C</h3>', '<h2>A</h2><h2>B</h2><h3>C</h3>'],
    ['h3 and h4 move up one level', '<h3>屋外</h3><p>x</p><h4>細項</h4>', '<h2>屋外</h2><p>x</p><h3>細項</h3>'],
    ['h4 and h6 move up two levels', '<h4 class="t">A</h4><h6>B</h6>', '<h2>A</h2><h4>B</h4>'],
    ['upper-case tags count', '<H3>A</H3><H5>B</H5>', '<h2>A</h2><h4>B</h4>'],
    ['an h6 under an h2 becomes h5', '<h2>A</h2><h6>B</h6>', '<h2>A</h2><h5>B</h5>'],
    ['a heading kept from inside a removed iframe counts', '<iframe><h1>x</h1></iframe><h3>T</h3>', '<h2>x</h2><h3>T</h3>'],
    ['text without headings is unchanged', '<p>沒有標題</p>', '<p>沒有標題</p>'],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});

describe('headingLevels and headingRenames', () => {
  it.each([
    ['<h3>a</h3><p><h5>b</h5></p>', [3, 5]],
    ['<p title="&lt;h1&gt;">x</p>', []],
  ])('reads the levels of %s from the parsed tree', (html, levels) => {
    expect(headingLevels(html)).toEqual(levels);
  });

  it.each([
    [[], {}],
    [[2, 3], {}],
    [[1, 2], { h1: 'h2' }],
    [[3, 4], { h3: 'h2', h4: 'h3' }],
    [[2, 6], { h6: 'h5' }],
    [[6], { h6: 'h2' }],
  ])('renames levels %j as %j', (levels, renames) => {
    expect(headingRenames(levels)).toEqual(renames);
  });
});
