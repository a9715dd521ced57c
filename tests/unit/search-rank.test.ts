/**
 * The site search's ranking (src/browser/search-rank.ts), its query alternatives (site-search termAlternatives, the
 * lexicon's rewrites and Taiwan phrases) and the items that are results of their own (src/integrations/search-items.ts):
 * what a visitor notices — a long question finds the record holding most of its words, not every page sharing one
 * common word; a mainland word finds the Taiwanese term's records; an FAQ question is one record with its own link.
 */
import { describe, expect, it } from 'vitest';
import {
  abbreviationsOf,
  CROSS_WORD_WEIGHT,
  isSentence,
  PAIR_HOLDER_RATIO,
  pairFactors,
  QUERY_MAX_CHUNKS,
  replaceWord,
  SENTENCE_MAX_CHARACTERS,
  rejoinTopics,
  sentenceWords,
  termAbbreviations,
  termWords,
  textGrams,
  withinChunks,
} from '../../src/browser/search-words';
import { type FoundRecord, RELEVANCE_FLOOR, scoreRecords, titleShares, titlesShares } from '../../src/browser/search-rank';
import {
  correctedQuery,
  correctSentence,
  correctTypos,
  mistypedPairs,
  seeksTypos,
  suspectedTypos,
  TYPO_MAX_QUERY,
} from '../../src/browser/search-typos';
import {
  abbreviationNames,
  asksQuestion,
  intentTerms,
  knownWords,
  mayBeMistyped,
  rewritePieces,
  termAlternatives,
} from '../../src/browser/search-query';
import { foldQuery, withFold } from '../../src/browser/search-source';
import { searchItemDocument, searchItems } from '../../src/integrations/search-items';
import { buildLexicon, questionTopics } from '../../src/integrations/search-lexicon';

/** Records as texts, and a search that finds the records holding a text (as a phrase search of the index does). */
function fakeIndex(texts: Record<string, string>) {
  const search = async (text: string) =>
    new Map<string, FoundRecord>(
      Object.entries(texts)
        .filter(([, body]) => body.toLowerCase().includes(text.toLowerCase()))
        .map(([id]) => [id, { id, data: async () => ({ meta: { title: texts[id]!.split('\n')[0] } }) }]),
    );
  return { search, records: Object.keys(texts).length };
}

describe('textGrams', () => {
  it('cuts Han runs into overlapping pairs and keeps Latin words and numbers whole', () => {
    expect(textGrams('機車險')).toEqual(['機車', '車險']);
    expect(textGrams('險')).toEqual(['險']);
    expect(textGrams('ESG 0800-880')).toEqual(['esg', '0800', '880']);
  });
});

describe('scoreRecords', () => {
  const index = fakeIndex({
    faq: '換車時保險可以轉到新車嗎？\n換車後，保險可辦理轉換至新車，請攜帶行照。',
    product: '汽車保險\n汽車保險保障車輛與第三人。保險費依車種計算。',
    news: '颱風期間保險理賠加強措施\n颱風來襲，保險理賠專線延長服務。',
    privacy: '隱私權保護政策\n本公司依法保護您的個人資料。',
  });
  const concepts = (query: string) => intentTerms(query, ['可以', '嗎']).map((term) => ({ term, alternatives: [term] }));

  it('a long question ranks the record holding most of its words first and leaves out those sharing only 保險', async () => {
    const { scored } = await scoreRecords(concepts('強制險投保後換車，保險可以轉到新車嗎？'), index.search, index.records);
    expect(scored[0]!.id).toBe('faq');
    expect(scored.map((entry) => entry.id)).not.toContain('news');
    for (const entry of scored) expect(entry.score).toBeGreaterThanOrEqual(RELEVANCE_FLOOR * scored[0]!.score);
  });

  it('a short term lists every record holding it', async () => {
    const { scored } = await scoreRecords(concepts('保險'), index.search, index.records);
    expect(scored.map((entry) => entry.id).sort()).toEqual(['faq', 'news', 'product']);
  });

  it("an alternative counts as the term: a record holding only the Taiwanese term is found by the visitor's word", async () => {
    const { scored } = await scoreRecords([{ term: '家財險', alternatives: ['家財險', '汽車保險'] }], index.search, index.records);
    expect(scored[0]!.id).toBe('product');
  });

  it("a title holding the query's words raises the share", async () => {
    const { weights, weight } = await scoreRecords(concepts('換車新車'), index.search, index.records);
    const [holding, other] = titlesShares(
      ['換車時保險可以轉到新車嗎？', '隱私權保護政策'].map((title) => titleShares(title, concepts('換車新車'), weight)),
      weights,
    );
    expect(holding).toBeGreaterThan(0.5);
    expect(other).toBe(0);
  });

  it("of the FAQ questions on one topic, the one holding the query's word few of them hold ranks above one holding a common word", () => {
    // Concepts: the topic (寵物, in every title), a word most titles hold (保險), a word one title holds (看病); 保險
    // weighs a little more than 看病 by the index, so by weight alone the title holding it would lead.
    const weights = [1, 1.05, 1];
    const [common, rare] = titlesShares(
      [
        [1, 1, 0], // 寵物保險的理賠有次數限制嗎？
        [1, 0, 1], // 寵物看病之後要怎麼申請理賠？
        [1, 1, 0], // 寵物保險保障哪些項目？
        [1, 1, 0], // 狗狗咬傷路人，寵物保險會賠嗎？
      ],
      weights,
    );
    expect(rare!).toBeGreaterThan(common!);
  });
});

describe('query alternatives', () => {
  const built = buildLexicon({
    pageTexts: ['住宅火災保險 第三人責任險 網路投保 理賠 資訊 碰撞 事故 行李遺失 強制汽車責任保險'],
    pages: [],
  });
  // A simplified query is folded with the folding file too (search-source needsFold).
  const lexicon = { ...built.lexicon, ...withFold(built.lexicon, built.fold) };

  it('mainland vocabulary folds to the Taiwanese word the site writes (OpenCC Taiwan phrases): 网络投保 → 網路投保', () => {
    expect(foldQuery('网络投保', lexicon)).toBe('網路投保');
    expect(foldQuery('信息', lexicon)).toBe('資訊');
  });

  it("the glossary rewrites a mainland product's name inside a longer term: 家财险理赔 → 住宅火災保險理賠", () => {
    const [term] = intentTerms(foldQuery('家财险理赔', lexicon), lexicon.stopWords);
    expect(termAlternatives(term!, lexicon)).toContain('住宅火災保險理賠');
    expect(termAlternatives(foldQuery('三者险', lexicon), lexicon)).toContain('第三人責任險');
  });

  it('colloquial words get the terms: 行李不見 → 行李遺失, 撞到 → 碰撞 and 事故', () => {
    expect(termAlternatives('行李不見', lexicon)).toContain('行李遺失');
    expect(termAlternatives('機車撞到', lexicon)).toEqual(expect.arrayContaining(['機車碰撞', '機車事故']));
  });

  it("a word replaced inside a term takes in the visitor's characters that begin the site's word, never writing them twice", () => {
    expect(replaceWord('旅不便險', '不便險', '旅遊不便險')).toBe('旅遊不便險');
    expect(replaceWord('汽車險理賠', '車險', '汽車保險')).toBe('汽車保險理賠');
    expect(replaceWord('強制險投保', '強制險', '強制汽車責任保險')).toBe('強制汽車責任保險投保');
    expect(replaceWord('機車撞到', '撞到', '碰撞')).toBe('機車碰撞');
    const synonyms = { synonyms: [['旅遊不便險', '不便險', '旅行不便保險']], rewrites: [] };
    expect(termAlternatives('旅不便險', synonyms)).not.toContain('旅旅遊不便險');
    expect(termAlternatives('旅不便險', synonyms)).toContain('旅遊不便險');
  });

  it('question words and punctuation do not decide the terms', () => {
    const plain = intentTerms(foldQuery('強制險 換車', lexicon), lexicon.stopWords);
    expect(intentTerms(foldQuery('請問強制險要怎麼換車呢？', lexicon), lexicon.stopWords)).toEqual(plain);
  });
});

describe('searchItems', () => {
  const page = `<main><details class="faq-item" id="faq-12" data-search-item="常見問題－強制險"><summary><span data-search-title>換車時保險可以轉到新車嗎？</span></summary><div data-search-text><p>可以，請攜帶<strong>行照</strong>。</p></div></details><details id="faq-13"><summary>not an item</summary></details></main>`;

  it('each marked item is a record: its question as title, its answer as text, a link to it on its page', () => {
    const items = searchItems(page, '/faq/3');
    expect(items).toEqual([
      { url: '/faq/3#faq-12', title: '換車時保險可以轉到新車嗎？', section: '常見問題－強制險', html: '<p>可以，請攜帶<strong>行照</strong>。</p>' },
    ]);
    const document = searchItemDocument(items[0]!, 'zh-TW');
    expect(document).toContain('<h1>換車時保險可以轉到新車嗎？</h1>');
    expect(document).toContain('data-pagefind-meta="section:常見問題－強制險"');
    expect(document.indexOf('<h1>')).toBeLessThan(document.indexOf('行照'));
  });
});

describe('words of a query', () => {
  const { lexicon } = buildLexicon({
    pageTexts: ['寵物 醫療 理賠 保費 投保 機車保險 退保 解約 計算 汽車保險 通知 保險公司'],
    pages: [],
  });
  const known = knownWords(lexicon);

  it('a pair inside a word counts whole, a pair across two words less: 通知 and 保險 in 多久內要通知保險公司, not 內要', () => {
    const factors = pairFactors('內要通知保險公司', known);
    expect(factors.get('通知')).toBe(1);
    expect(factors.get('保險')).toBe(1);
    expect(factors.get('內要')).toBe(CROSS_WORD_WEIGHT);
  });

  it("the site's own words stay whole where the browser's dictionary cuts them: 車損險, 理賠", () => {
    const factors = pairFactors('車體損失險理賠', new Set(['車體損失險', '理賠']));
    for (const pair of ['車體', '體損', '損失', '失險', '理賠']) expect(factors.get(pair), pair).toBe(1);
  });

  it('question words inside a phrase the rewrites know stay part of it: 怎麼退, 賠多少, 不想要', () => {
    expect(intentTerms(foldQuery('保險不想要了怎麼退', lexicon), lexicon.stopWords, known)).toEqual(['保險不想要', '怎麼退']);
    expect(intentTerms(foldQuery('撞到人要賠多少錢', lexicon), lexicon.stopWords, known)).toEqual(['撞到人要賠多少錢']);
    // Without the known words, as before: the question words are cut away.
    expect(intentTerms(foldQuery('保險不想要了怎麼退', lexicon), lexicon.stopWords)).toEqual(['保險不']);
  });

  it('a visitor word the rewrites know is a piece of its own, with the site word as its alternative', () => {
    const pieces = rewritePieces('狗狗看醫生保險有賠', lexicon.rewrites);
    expect(pieces).toEqual(['狗狗', '看醫生', '保險', '有賠']);
    expect(termAlternatives('狗狗', lexicon)).toContain('寵物');
    expect(termAlternatives('看醫生', lexicon)).toContain('醫療');
    expect(rewritePieces('機車保險', lexicon.rewrites)).toEqual(['機車保險']);
  });

  it("a visitor's word the rewrites know stays one piece, though a shorter one is inside it: 出車禍, not 出 and 車禍", () => {
    expect(rewritePieces('出車禍', lexicon.rewrites)).toEqual(['出車禍']);
    expect(rewritePieces('出車禍撞傷', lexicon.rewrites)).toEqual(['出車禍', '撞傷']);
  });

  it('a query asks a question when it ends with a question mark or question words were set aside', () => {
    const asks = (query: string) => {
      const folded = foldQuery(query, lexicon);
      return asksQuestion(folded, intentTerms(folded, lexicon.stopWords, known));
    };
    expect(asks('機車保險')).toBe(false);
    expect(asks('汽車保險 理賠')).toBe(false);
    expect(asks('機車保險怎麼保')).toBe(true);
    expect(asks('保費可以刷卡嗎')).toBe(true);
    expect(asks('理賠進度？')).toBe(true);
    // A question word inside a phrase the rewrites keep whole (賠多少) asks only when the stop words are given.
    const folded = foldQuery('寵物開刀賠多少', lexicon);
    expect(asksQuestion(folded, intentTerms(folded, lexicon.stopWords, known))).toBe(false);
    expect(asksQuestion(folded, intentTerms(folded, lexicon.stopWords, known), lexicon.stopWords)).toBe(true);
    expect(asksQuestion('寵物保險', ['寵物保險'], lexicon.stopWords)).toBe(false);
  });

  it('a pair the index holds far less often than the overlapping pair is read across two words: 保有 in 續保有優惠', () => {
    const holders = new Map([
      ['續保', 47],
      ['保有', 1],
      ['有優', 0],
      ['優惠', 30],
    ]);
    expect(pairFactors('續保有優惠', known, holders).get('保有')).toBe(CROSS_WORD_WEIGHT);
    expect(pairFactors('續保有優惠', known, holders).get('續保')).toBe(1);
    // Inside a site word a pair stays whole, however rare (車體損失險: 體損).
    const site = new Map([
      ['車體', 40],
      ['體損', 2],
      ['損失', 40],
    ]);
    expect(pairFactors('車體損失', new Set(['車體損失']), site).get('體損')).toBe(1);
    expect(pairFactors('車體損失', new Set(), site).get('體損')).toBe(CROSS_WORD_WEIGHT);
    expect(PAIR_HOLDER_RATIO).toBeGreaterThan(1);
  });

  it("a term no record holds is read as an abbreviation of the site's words that hold its characters in order", () => {
    const names = ['傷害健康保險', '健康險', '電動自行車保險', '汽車保險', '駕駛人傷害險', '住宅火災保險'];
    expect(abbreviationsOf('傷健險', names)).toEqual(['傷害健康保險']);
    expect(abbreviationsOf('電自險', names)).toEqual(['電動自行車保險']);
    expect(abbreviationsOf('駕傷險', names)).toEqual(['駕駛人傷害險']);
    // The first character must begin the word, and a term ending in 險 names an insurance.
    expect(abbreviationsOf('康險', names)).toEqual([]);
    // From four characters, a short name may leave out the name's first word; a shorter one may not.
    expect(abbreviationsOf('地震基本險', ['住宅地震基本保險', '地震險'])).toEqual(['住宅地震基本保險']);
    expect(abbreviationsOf('健康險', ['傷害健康保險'])).toEqual([]);
    expect(abbreviationsOf('住宅火', names)).toEqual(['住宅火災保險']);
    expect(abbreviationsOf('住火災', ['住宅火災保險', '住宅火災'])).toEqual(['住宅火災', '住宅火災保險']);
    expect(abbreviationsOf('ab', names)).toEqual([]);
    // A cover's short name ending in 險 stands for the cover's own words when no insurance's name holds it.
    const covers = ['海外突發疾病', '颱風洪水', '旅行平安保險', '海上保險'];
    expect(abbreviationsOf('海突險', covers)).toEqual(['海外突發疾病']);
    expect(abbreviationsOf('颱洪險', covers)).toEqual(['颱風洪水']);
    expect(abbreviationsOf('海上險', covers)).toEqual(['海上保險']);
    expect(abbreviationsOf('旅險', covers)).toEqual(['旅行平安保險']);
  });

  it("an abbreviation is read as the site's word, not as a typo of a word one character away", () => {
    const site = { synonyms: [['地震險', '住宅地震基本保險']], bets: [[['住宅險'], '1', '1']] as [string[], string, string][] };
    expect(mayBeMistyped('住地險', site)).toBe(false);
    expect(mayBeMistyped('住宅線', site)).toBe(true);
    // The names of the covers the product pages list count as site words (班延險: 班機延誤).
    expect(abbreviationNames({ ...site, covers: ['班機延誤'] })).toContain('班機延誤');
    expect(abbreviationsOf('班延險', abbreviationNames({ ...site, covers: ['班機延誤'] }))).toEqual(['班機延誤']);
    expect(mayBeMistyped('班延險', { ...site, covers: ['班機延誤'] })).toBe(false);
  });

  it("a term is cut into the browser's words, one character included, the site's words whole", () => {
    const words = termWords('被雷打到', new Set());
    expect(words.join('')).toBe('被雷打到');
    expect(words).toContain('雷');
    expect(termWords('ATM', new Set())).toEqual(['atm']);
    expect(termWords('被吃卡', new Set(['被吃卡']))).toEqual(['被吃卡']);
  });

  it('an abbreviation counts only when no record holds the term whole', async () => {
    const names = ['傷害健康保險'];
    const phrases = async (word: string) => new Map(word === '傷健險' ? [] : [['1', word]]);
    expect(await termAbbreviations(['傷健險', '傷害'], phrases, names)).toEqual([['傷害健康保險'], []]);
    const held = async () => new Map([['1', '傷健險']]);
    expect(await termAbbreviations(['傷健險'], held, names)).toEqual([[]]);
  });

  it("a visitor's sentence is not searched for typos (their sounds are not fetched), a word or two are", () => {
    expect(seeksTypos(['颱風紅水'])).toBe(true);
    expect(seeksTypos(['颱風紅水', '理賠'])).toBe(true);
    expect(seeksTypos(['我們公司年底要辦尾牙', '飯店說主辦單位'])).toBe(false);
    expect(TYPO_MAX_QUERY).toBeGreaterThanOrEqual(8);
  });

  it("a sentence's word mistyped is read as the site's word read the same; a word of its own beside a site word is not", async () => {
    const topics = ['理賠', '保險', '險賠', '申請', '制險'];
    const targets = ['理賠', '保險', '申請', '制險'];
    // 理/陪 and 先/賠: two words of one character the segmenter left side by side, each one apart from a word (理賠);
    // 申請 is a word of its own.
    const terms = [
      ['被保險人', '同時', '申請', '理', '陪'],
      ['保險', '會', '先', '賠'],
    ];
    expect(mistypedPairs(terms, topics, targets)).toEqual(['理陪', '先賠']);
    // A word's last character and a word of one character after it (強制/仙), within a term, never across two.
    expect(mistypedPairs([['強制', '仙'], ['理'], ['陪']], topics, targets)).toEqual(['制仙']);
    // The character apart from the site's word is part of a longer word (樓 of 樓上, 申 of 申請): the visitor's own.
    expect(
      mistypedPairs(
        [
          ['家', '樓上'],
          ['保', '申請'],
        ],
        ['家人'],
        ['家人', '保險'],
      ),
    ).toEqual([]);
    let fetched = 0;
    const sounds = async () => {
      fetched += 1;
      return { sounds: { pei: '賠陪培', xian: '險先顯仙', li: '理', cai: '財' } };
    };
    const searched: string[] = [];
    const none = async (pair: string) => {
      searched.push(pair);
      return 0;
    };
    // 先賠 is read as typed: 先 does not sound like 理, and 險賠, which it sounds like, spans two words (火險/賠嗎). Only
    // the pair read alike is searched (each search loads its characters' index chunks).
    expect(await correctSentence(terms, topics, targets, none, sounds)).toEqual([{ from: '理陪', to: '理賠' }]);
    expect(searched).toEqual(['理陪']);
    expect(await correctSentence([['寵物', '保', '顯', '老']], topics, targets, none, sounds)).toEqual([{ from: '保顯', to: '保險' }]);
    expect(fetched).toBe(2);
    // A pair some record holds is the visitor's own word: no correction.
    expect(await correctSentence(terms, topics, targets, async () => 3, sounds)).toEqual([]);
    // A sentence without such a pair fetches no sounds.
    expect(await correctSentence([['申請', '理賠']], topics, targets, none, sounds)).toEqual([]);
    expect(fetched).toBe(3);
    // A character one apart that does not sound alike is no typo (理/財 of 理財), and is not searched.
    searched.length = 0;
    expect(await correctSentence([['申請', '理', '財']], topics, targets, none, sounds)).toEqual([]);
    expect(searched).toEqual([]);
    // A character the site does not write (沛) is searched first, and read by the other file's sounds only then.
    let typos = 0;
    const typoTable = async () => {
      typos += 1;
      return { pei: '沛' };
    };
    expect(await correctSentence([['申請', '理', '沛']], topics, targets, none, sounds, typoTable)).toEqual([{ from: '理沛', to: '理賠' }]);
    expect(await correctSentence([['申請', '理', '沛']], topics, targets, async () => 2, sounds, typoTable)).toEqual([]);
    expect(typos).toBe(1);
    // Without the sounds (a failed fetch), the sentence is read as typed.
    const failing = async (): Promise<{ sounds: Record<string, string> }> => {
      throw new Error('offline');
    };
    expect(await correctSentence(terms, topics, targets, none, failing)).toEqual([]);
  });

  it('the suggestion names the pair as the visitor typed it, so that the page can link the query corrected', () => {
    const fix = { from: '保顯', to: '保險' };
    expect(correctedQuery('聽說宠物保显老了续保会更贵', '聽說寵物保顯老了續保會更貴', [fix])).toEqual({
      folded: '聽說寵物保險老了續保會更貴',
      suggestion: { from: '保显', to: '保險' },
    });
    // Where NFKC changed the query's length, the folded pair is named.
    expect(correctedQuery('ＡＴＭ㍻保显', 'atm平成保顯', [fix]).suggestion).toEqual(fix);
    expect(correctedQuery('申請理賠', '申請理賠', [])).toEqual({ folded: '申請理賠', suggestion: null });
  });

  it("a visitor's letter is searched by its content words: its grammar left out, the site's words whole, at most SENTENCE_MAX_CHARACTERS characters", () => {
    const known = new Set(['旅平險', '行李遺失', '行李不見', '申請']);
    const letter = intentTerms('搭機去歐洲結果行李在轉機時不見了，航空公司說要等，回台灣可以申請嗎？', ['可以', '嗎', '了', '結果'], known);
    expect(isSentence(letter)).toBe(true);
    const words = sentenceWords(letter, known);
    // Words of one character (去, 在, 說, 等) are the sentence's grammar, which every record holds.
    expect(words.every((word) => Array.from(word).length >= 2)).toBe(true);
    expect(words).toContain('申請');
    expect(words).toContain('航空公司');
    expect(new Set(words.flatMap((word) => Array.from(word))).size).toBeLessThanOrEqual(SENTENCE_MAX_CHARACTERS);
    // An FAQ question or a headline is searched whole.
    expect(isSentence(intentTerms('旅平險要在出發前多久投保？', ['多久'], known))).toBe(false);
  });

  it("a letter's quantities in Chinese numerals (an age, how long ago) are left out; words that begin with a numeral stay", () => {
    const letter = intentTerms('我媽今年七十二歲，下個月要跟團去北海道，想問她這個年紀還可以保旅平險嗎？', ['想問', '可以', '嗎'], new Set());
    expect(isSentence(letter)).toBe(true);
    const words = sentenceWords(letter, new Set(['旅平險']));
    expect(words).toEqual(expect.arrayContaining(['旅平險', '北海道', '年紀']));
    expect(words.some((word) => word.includes('十二'))).toBe(false);
    const story = intentTerms('理賠文件都寄過去快一個月了還是沒消息，我家住一樓，好幾千的收據', ['了'], new Set());
    const kept = sentenceWords(story, new Set(['理賠文件']));
    expect(kept).not.toContain('一個');
    expect(kept).not.toContain('好幾千');
    expect(kept).toContain('一樓');
  });

  it("a letter's words the segmenter cut into characters are joined back where the site's questions write them", () => {
    const topics = new Set(['續保', '車子', '寵物']);
    // ICU's dictionary cuts 續保會 into 續, 保, 會 and 車子都 into 車, 子, 都; a letter leaves words of one character out.
    expect(rejoinTopics(['老', '了', '續', '保', '會', '越來越', '貴'], topics)).toEqual(['老', '了', '續保', '會', '越來越', '貴']);
    expect(rejoinTopics(['車', '子', '都', '不會', '開'], topics)).toEqual(['車子', '都', '不會', '開']);
    // A character of a longer word is not taken from it; a pair the questions do not write stays apart.
    expect(rejoinTopics(['寵', '物保險', '停', '掉'], topics)).toEqual(['寵', '物保險', '停', '掉']);
    const letter = intentTerms('我家貓咪今年十一歲了，聽說寵物保險老了續保會越來越貴，是真的嗎', ['的', '了', '嗎', '是'], new Set());
    expect(sentenceWords(letter, new Set(['寵物保險']), topics)).toContain('續保');
  });

  it("a letter's words that the site's questions use (its question vocabulary) are searched before its later words", () => {
    const known = new Set(['保單']);
    // A letter longer than SENTENCE_MAX_CHARACTERS: it begins with what it asks about, then tells the rest.
    const letter = ['我先生去年過世了', '整理東西時發現一張舊保單', '不知道是哪一家保險公司', '也不知道還有沒有效', '要去哪個單位辦理'];
    const topics = questionTopics(
      ['如何查詢已過世家人的保單？', '被保險人過世了，家屬要怎麼申請保險金？', '去年的保單可以補發嗎？'].map((title, i) => ({
        id: String(i),
        path: `/faq/6#faq-${i + 1}`,
        title,
        file: String(i),
      })),
    );
    expect(topics).toEqual(expect.arrayContaining(['過世', '保單']));
    expect(topics, 'a pair of one question is its own word').not.toContain('補發');
    const without = sentenceWords(letter, known);
    const withTopics = sentenceWords(letter, known, new Set(topics));
    expect(without, 'the later words first').not.toContain('過世');
    expect(withTopics).toContain('過世');
    expect(withTopics).toContain('保單');
    expect(new Set(withTopics.flatMap((word) => Array.from(word))).size).toBeLessThanOrEqual(SENTENCE_MAX_CHARACTERS);
  });

  it('the question vocabulary is read from the FAQ questions only, most questions first', () => {
    const page = (path: string, title: string) => ({ id: path, path, title, file: path });
    const topics = questionTopics([
      page('/faq/1#faq-1', '車子被偷了怎麼辦？'),
      page('/faq/1#faq-2', '車子被撞了，對方跑了怎麼辦？'),
      page('/faq/3#faq-3', '對方跑了，車子怎麼修？'),
      page('/news/detail/1', '車子被偷的十個對策'),
      page('/news/detail/2', '車子被偷的十個對策'),
    ]);
    // 車子 and 怎麼 are in all three questions, 跑了 and 對方 in two.
    expect(topics.slice(0, 2).sort()).toEqual(['怎麼', '車子']);
    expect(topics).toContain('跑了');
    expect(topics, 'a news title is no visitor question').not.toContain('對策');
  });

  it("a query loads at most QUERY_MAX_CHUNKS characters' index chunks with its alternatives, its own words all searched", () => {
    const words = ['行李不見', '航空公司', '申請', '回台灣', '轉機時', '歐洲'];
    const others: Record<string, string[]> = { 行李不見: ['行李遺失', '行李延誤'], 申請: ['申辦'], 歐洲: ['歐洲聯盟國家'] };
    const alternatives = words.map((word) => [word, ...(others[word] ?? [])]);
    const kept = withinChunks(alternatives);
    expect(new Set(kept.flat().flatMap((word) => Array.from(word))).size).toBeLessThanOrEqual(QUERY_MAX_CHUNKS);
    // Every word is searched; the alternatives adding fewest characters are kept while they stay within the budget.
    expect(kept.map((list) => list[0])).toEqual(words);
    expect(kept[0]).toContain('行李遺失');
    expect(kept.flat()).not.toContain('歐洲聯盟國家');
  });

  it("a typo is sought inside a word, not at a term's edge, and a visitor's phrase of words fetches no sounds", async () => {
    const held = new Set(['颱風', '洪水', '意外', '外險', '骨折', '報銷']);
    // 颱風紅水: 紅 sits between 風 and 水, neither pair held, next to 颱風.
    expect(suspectedTypos(Array.from('颱風紅水'), (pair) => held.has(pair))).toEqual([2]);
    // 保意外險: 保 is a word of its own beside 意外險, not a typo.
    expect(suspectedTypos(Array.from('保意外險'), (pair) => held.has(pair))).toEqual([]);
    let fetched = 0;
    const sounds = async () => {
      fetched += 1;
      return { sounds: { hong: '洪紅', shui: '水' } };
    };
    const count = async (pair: string) => (held.has(pair) || pair === '風洪' ? 1 : 0);
    expect(await correctTypos('颱風紅水', count, sounds)).toBe('颱風洪水');
    expect(await correctTypos('保意外險', count, sounds)).toBeNull();
    expect(fetched).toBe(1);
    const lexicon = { synonyms: [['車險', '汽車保險']], bets: [[['強制險', '強制汽車責任保險'], '1', '1']] as [string[], string, string][] };
    expect(mayBeMistyped('強置險', lexicon)).toBe(true);
    expect(mayBeMistyped('理陪', lexicon)).toBe(true);
    expect(mayBeMistyped('撞到人要賠多少錢', lexicon)).toBe(false);
  });
});
