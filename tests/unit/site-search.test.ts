/**
 * The search index's form of Chinese text (src/browser/site-search.ts, src/integrations/search-index.ts):
 * every Han character a word of its own in the pages Pagefind reads and in the query, so that a query is found as
 * a substring whatever words a dictionary would cut; and the spaces taken back out of what a visitor reads. Beside it,
 * the lexicon's files as a search fetches them (src/browser/search-source.ts siteLexicon).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FOLD_URL,
  LEXICON_FORMAT,
  LEXICON_URL,
  phraseQuery,
  SOUNDS_URL,
  siteLexicon,
  spaceHan,
  TYPOS_URL,
  WORDS_URL,
} from '../../src/browser/search-source';
import { queryTerms } from '../../src/browser/search-query';
import { unspaceHan } from '../../src/browser/search-text';
import { spacedPageHtml } from '../../src/integrations/search-index';

/** White-space-separated words, as Pagefind cuts a page's text before any dictionary. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('spaceHan', () => {
  it('makes every Han character a word: 撥打理賠 holds 理 and 賠 as neighbours, whatever a dictionary says', () => {
    expect(words(spaceHan('請撥打理賠專線0800-000-000，或ESG永續報告'))).toEqual([
      '請',
      '撥',
      '打',
      '理',
      '賠',
      '專',
      '線',
      '0800-000-000，',
      '或',
      'ESG',
      '永',
      '續',
      '報',
      '告',
    ]);
  });

  it('adds no space after the last character (a block keeps its ending period in excerpts)', () => {
    expect(spaceHan('機車保險')).toBe(' 機  車  保  險');
    expect(spaceHan('App')).toBe('App');
  });
});

describe('phraseQuery', () => {
  it.each([
    ['機車險', '"機 車 險"'],
    ['住宅地震基本保險', '"住 宅 地 震 基 本 保 險"'],
    ['ESG報告', '"ESG 報 告"'],
    ['0800', '"0800"'],
  ])('%s → %s', (term, phrase) => {
    expect(phraseQuery(term)).toBe(phrase);
  });

  it('terms are cut at white space and punctuation', () => {
    expect(queryTerms('機車險 理賠')).toEqual(['機車險', '理賠']);
    expect(queryTerms('機車險怎麼保?')).toEqual(['機車險怎麼保']);
  });
});

describe('unspaceHan', () => {
  it.each([
    ['撥 打 <mark>理 </mark><mark>賠 </mark>專 線 ， 請', '撥打<mark>理</mark><mark>賠</mark>專線，請'],
    ['「 母 親 節 感 恩 抽 獎 」 得 獎 名 單', '「母親節感恩抽獎」得獎名單'],
    ['version 2 is out', 'version 2 is out'],
  ])('%j → %j', (text, shown) => {
    expect(unspaceHan(text)).toBe(shown);
  });
});

describe('spacedPageHtml', () => {
  it('spaces the text of every element, and nothing else', () => {
    const html =
      '<html lang="zh-Hant-TW"><head><title>理賠</title><script>const a = "理賠";</script><style>a::after{content:"理賠"}</style></head>' +
      '<body><main data-pagefind-body><span hidden data-pagefind-meta="section:最新消息"></span><h1 title="理賠">理賠<b>服務</b></h1>' +
      '<p>撥打理賠 &amp; ESG</p></main></body></html>';
    const spaced = spacedPageHtml(html);
    expect(spaced).toContain('<script>const a = "理賠";</script>');
    expect(spaced).toContain('<style>a::after{content:"理賠"}</style>');
    expect(spaced).toContain('data-pagefind-meta="section:最新消息"');
    expect(spaced).toContain('<h1 title="理賠"> 理  賠<b> 服  務</b></h1>');
    expect(spaced).toContain('<p> 撥  打  理  賠  &amp; ESG</p>');
    expect(spaced.replace(/ (?=\p{Script=Han})|(?<=\p{Script=Han}) /gu, '')).toBe(html);
  });
});

describe('siteLexicon', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A server of the lexicon's files: path → JSON body, any other path a 404; the paths asked for, in order. */
  const serve = (files: Record<string, unknown>) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return url in files ? new Response(JSON.stringify(files[url])) : new Response('', { status: 404 });
    });
    return asked;
  };

  it("fetches the sounds alone for a sentence's typos, and the words beside them for a suggestion", async () => {
    const asked = serve({ [SOUNDS_URL]: { sounds: { pei: '賠陪' } }, [WORDS_URL]: ['理賠'] });
    const source = siteLexicon();
    expect(await source.readings!()).toEqual({ sounds: { pei: '賠陪' } });
    expect(asked).toEqual([SOUNDS_URL]);
    expect(await source.sounds()).toEqual({ sounds: { pei: '賠陪' }, words: ['理賠'] });
    expect(asked, 'each file once').toEqual([SOUNDS_URL, WORDS_URL]);
  });

  it('without the words file (a failed fetch), the sounds with no words: no suggestion rather than a failed search', async () => {
    serve({ [SOUNDS_URL]: { sounds: { pei: '賠陪' } } });
    expect(await siteLexicon().sounds()).toEqual({ sounds: { pei: '賠陪' }, words: [] });
  });

  it("names every file with the shape's number, so a page opened before a deploy keeps reading the files of its shape", () => {
    const urls = [LEXICON_URL, FOLD_URL, SOUNDS_URL, WORDS_URL, TYPOS_URL];
    for (const url of urls) expect(url).toMatch(new RegExp(`^/pagefind/site-[a-z]+\\.${LEXICON_FORMAT}\\.json$`));
    expect(new Set(urls).size, 'five files').toBe(5);
  });
});
