// @vitest-environment happy-dom
/**
 * The /search results' excerpts (src/components/SearchResults.ts): Pagefind's excerpt HTML becomes text and
 * `<mark>` only — nothing else from it reaches the page — with adjacent marks joined and Pagefind's block periods
 * made Chinese; result URLs lose their trailing slash.
 */
import { describe, expect, it } from 'vitest';
import { excerptNodes, pagePath, withoutTitle } from '../../src/components/SearchResults';

/** The nodes as HTML, the way they end up in the page. */
function render(html: string): string {
  const box = document.createElement('p');
  box.append(...excerptNodes(html));
  return box.innerHTML;
}

describe('excerptNodes', () => {
  it.each([
    ['<mark>機車</mark><mark>險</mark>網路投保', '<mark>機車險</mark>網路投保'],
    ['機車保險. 強制<mark>險</mark>之外', '機車保險。強制<mark>險</mark>之外'],
    ['22. <mark>機車</mark>', '22。<mark>機車</mark>'],
    ['…. 榮獲保險卓越獎', '…榮獲保險卓越獎'],
    ['預約專人服務.…', '預約專人服務。…'],
    ['version 2. Next', 'version 2. Next'],
    // The index's text: a space around every Han character (src/browser/site-search.ts spaceHan), taken out.
    ['撥 打 <mark>理 </mark><mark>賠 </mark>專 線 ， 請', '撥打<mark>理賠</mark>專線，請'],
    ['客 戶 意 見 信 箱. 對 保 單 、 理 賠', '客戶意見信箱。對保單、理賠'],
    ['2026/05/29. 「 母 親 節 」 得 獎', '2026/05/29。「母親節」得獎'],
    ['ESG 永 續 報 告 App', 'ESG永續報告App'],
  ])('%j → %j', (excerpt, html) => {
    expect(render(excerpt)).toBe(html);
  });

  it.each([
    ['<img src=x onerror=alert(1)>理賠', '理賠'],
    ['<script>alert(1)</script><mark>理賠</mark>', 'alert(1)<mark>理賠</mark>'],
    ['<mark onclick="alert(1)">理賠</mark>', '<mark>理賠</mark>'],
    ['<a href="javascript:alert(1)">理賠</a>', '理賠'],
    ['<mark><b>理</b>賠</mark>', '<mark>理賠</mark>'],
    ['A &lt;b&gt; &amp; B', 'A &lt;b&gt; &amp; B'],
  ])('keeps only text and bare marks of %j', (excerpt, html) => {
    expect(render(excerpt)).toBe(html);
  });
});

describe('pagePath', () => {
  it.each([
    ['/news/detail/1/', '/news/detail/1'],
    ['/', '/'],
    ['/insurance/detail/3', '/insurance/detail/3'],
  ])('%s → %s', (url, path) => {
    expect(pagePath(url)).toBe(path);
  });
});

describe('withoutTitle', () => {
  it("an FAQ question's excerpt is the start of its answer, not the question again", () => {
    const excerpt = ' 颱  風 <mark> 吹 </mark><mark> 壞 </mark> 了 ？ 住 宅 火 災 保 險 …';
    expect(render(withoutTitle(excerpt, '颱風吹壞了？'))).toBe('住宅火災保險…');
  });
  it('a title ending inside a match keeps the rest of the mark; another excerpt stays as it was', () => {
    expect(render(withoutTitle(' 理 <mark> 賠  流 </mark> 程 ', '理賠'))).toBe('<mark>流</mark>程');
    expect(withoutTitle(' 其 他 內 容 ', '理賠')).toBe(' 其 他 內 容 ');
  });
});
