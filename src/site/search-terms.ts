/**
 * What the site search knows about the words visitors type (REFERENCE.md "Browser side": "Search understands the visitor"): the
 * thesaurus of short names and synonyms, the best page for a term, the words a query can do without, and which
 * pages are not results. Data only; the build writes it into the search lexicon (src/integrations/search-lexicon.ts)
 * and the search applies it in the browser (src/browser/site-search.ts).
 *
 * Terms are written in Traditional characters as the pages write them; the search folds a query (simplified →
 * traditional, full-width, case) before it compares.
 */

/**
 * Groups of words that mean the same to a visitor: a query term that is one of a group also finds the pages holding
 * any other. The short names of the products' menus and FAQ (車險, 強制險, 旅平險, …) beside the products' titles.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['車險', '汽車保險', '汽車險'],
  ['強制險', '強制汽車責任保險', '強制汽車險'],
  ['旅平險', '旅行平安保險', '旅遊平安險'],
  ['意外險', '傷害保險', '傷害險'],
  ['住火險', '住宅火災保險', '住宅火險'],
  ['機車險', '機車保險'],
  ['地震險', '住宅地震基本保險', '住宅地震保險'],
  ['旅遊不便險', '旅行不便保險', '不便險'],
  ['健康險', '傷害健康保險'],
  ['商火險', '商業火災保險', '火災險'],
  ['工程險', '工程保險', '營造綜合保險'],
  ['責任險', '責任保險'],
  ['貨物險', '貨物運輸保險', '貨運險'],
  ['電動自行車險', '電動自行車保險', '電輔車險'],
  ['農業險', '農業保險'],
  ['微型險', '微型保險'],
  ['住宅險', '住宅保險'],
  ['車體險', '車體損失險', '車體損失保險', '車損險'],
  ['竊盜險', '竊盜損失險', '車竊盜損失險'],
  ['第三人責任險', '第三人責任保險', '三責險', '第三責任險'],
  ['乘客險', '乘客體傷責任險', '乘客體傷'],
  ['駕傷險', '駕駛人傷害險', '駕駛人傷害'],
  ['颱風險', '颱風洪水'],
  ['旅不便險', '旅遊不便險'],
  ['海外突疾', '海外突發疾病'],
  ['雇主險', '雇主意外責任險', '雇主意外責任'],
  ['產責險', '產品責任險', '產品責任'],
  ['公意險', '公共意外責任險', '公共意外責任保險'],
  ['團險', '團體傷害險', '團體傷害保險', '團體保險'],
  ['寵物險', '寵物保險'],
  ['網路投保', '線上投保'],
  ['通譯服務', '通譯'],
  ['客服專線', '客服電話', '免付費電話'],
  ['保單變更', '契約變更'],
];

/**
 * The page that answers a term best (a product, a service), shown first when a query term is one of its terms or
 * their synonyms; beside these, every product page answers its own title. Paths as the site links them.
 */
export const SEARCH_BEST_BETS: Readonly<Record<string, readonly string[]>> = {
  '/claim': ['理賠', '理賠服務', '理賠申請', '申請理賠', '出險', '報案', '理賠流程', '理賠文件'],
  '/change': ['保單變更', '變更'],
  '/service': ['預約服務', '通譯服務', '預約'],
  '/contact': ['聯絡我們', '客戶意見', '申訴'],
  '/about/locations/1': ['服務據點', '據點', '分公司', '通訊處'],
  '/mid': ['行動身分識別'],
  '/insurance/detail/12': ['住火險', '住宅火災保險', '住宅火險'],
  '/insurance/detail/1': ['車體險', '竊盜險'],
  '/about/recruit': ['人才招募', '徵才'],
};

/** Where the product pages are: each answers its title (SEARCH_BEST_BETS). */
export const SEARCH_PRODUCT_PAGES = /^\/insurance\/detail\/\d+$/;

/**
 * Words that carry no meaning in a query: question words, particles and polite phrases (怎麼, 如何, 請問, 我想, 嗎,
 * 呢, …). The search sets them aside and cuts the query there (機車險怎麼保? → 機車險, 保). Longest first matters
 * not: the search tries the longest at each place.
 */
export const SEARCH_STOP_WORDS: readonly string[] = [
  '怎麼辦',
  '怎麼',
  '怎樣',
  '如何',
  '請問',
  '我想要',
  '我想',
  '我要',
  '想要',
  '需要',
  '可以',
  '能否',
  '是否',
  '什麼',
  '哪裡',
  '哪些',
  '多少',
  '為什麼',
  '有沒有',
  '要怎麼',
  '什麼意思',
  '應於',
  '應該',
  '是什麼',
  '何時',
  '為何',
  '意思',
  '該怎麼',
  '該如何',
  '會不會',
  '能不能',
  '要不要',
  '是不是',
  '想請問',
  '想問',
  '請教',
  '您好',
  '你好',
  '謝謝',
  '麻煩',
  '哪個',
  '多久',
  '還是',
  '如果',
  '因為',
  '所以',
  '的',
  '了',
  '嗎',
  '呢',
  '吧',
  '啊',
  '喔',
  // Spoken sentence ends (被撞了要打給誰啦): a tone, not a word.
  '啦',
  '耶',
  '欸',
  '囉',
  '呀',
  '嘛',
  '哦',
  '唷',
  // A visitor's letter: who, when and how sure, which say nothing of what is asked.
  '我們',
  '你們',
  '他們',
  '我',
  '你',
  '自己',
  '現在',
  '已經',
  '剛剛',
  '之前',
  '一直',
  '到底',
  '真的',
  '這樣',
  '那樣',
  '這個',
  '那個',
  '然後',
  '結果',
  '其實',
  '好像',
  '就是',
  '的話',
];

/**
 * Pages that are lists of other pages (home, the news/share/event/winner/coupon lists and their pages, download
 * categories, product categories, the sitemap) or of items (the FAQ categories and overview, whose questions are
 * records of their own: src/integrations/search-items.ts): not search results, since each item they list is a
 * result of its own.
 * SiteLayout leaves `data-pagefind-body` off them (the site search indexes nothing of them); search engines still
 * index them.
 */
export const SEARCH_LIST_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/(?:news|share|event|winner)(?:\/[^/]+){1,2}$/,
  /^\/(?:news|share|event|winner)$/,
  /^\/coupon(?:\/\d+)?$/,
  /^\/download(?:\/[^/]+)?$/,
  /^\/insurance(?:\/(?:personal|business|policy|hot|building))?$/,
  /^\/sitemap$/,
  /^\/faq(?:\/[^/]+){0,2}$/,
];

/** Whether a page (its path, no trailing slash) is a list page of SEARCH_LIST_PAGES. */
export const isSearchListPage = (path: string): boolean =>
  !/\/detail\//.test(path) && SEARCH_LIST_PAGES.some((pattern) => pattern.test(path.length > 1 ? path.replace(/\/+$/, '') : path));

/**
 * Pages shown as one result: the pages of one of these groups (the service locations' regions, the pages of one
 * download item's files) collapse into the best-ranked of them. The group's key is the path without its last part.
 */
export const SEARCH_COLLAPSED_PAGES: readonly RegExp[] = [/^\/about\/locations\/\d+$/, /^\/download\/\d+\/\d+\/\d+$/];

/**
 * Records whose titles are questions as visitors ask them: the FAQ items (`/faq/3#faq-12`, src/integrations/search-items.ts;
 * any portal id, as src/lib/element-id.ts writes it).
 * The character pairs several of them hold are the site's question vocabulary (search-lexicon.ts `topics`), which a
 * visitor's letter is searched by first (src/browser/search-words.ts sentenceWords).
 */
export const SEARCH_QUESTION_RECORDS = /^\/faq\/[^#]+#faq-[^#]+$/;
