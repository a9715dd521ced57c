/**
 * What the site search knows about the words visitors type (DESIGN.md §6 "Search understands the visitor"): the
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
  ['電動自行車險', '電動自行車保險'],
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
 * How visitors from mainland China and Hong Kong name Taiwan's products and services, written as they type them
 * (simplified characters, their vocabulary), each with the terms the site writes. The search folds a query to
 * Traditional characters first (OpenCC's simplified → Taiwan tables: 信息 → 資訊, 网络 → 網路); this glossary adds
 * the insurance words those tables do not know (家财险 is 家財險 in Traditional characters, still not a Taiwanese
 * product). The build folds each entry's words as it folds a query (src/integrations/search-lexicon.ts); a query
 * holding one is also searched with it replaced by each of its terms. Every term is one the built index holds
 * (tests/site/search-understanding.test.ts).
 */
export const SEARCH_GLOSSARY: Readonly<Record<string, readonly string[]>> = {
  家财险: ['住宅火災保險'],
  家庭财产险: ['住宅火災保險'],
  家庭财产保险: ['住宅火災保險'],
  房屋险: ['住宅火災保險'],
  三者险: ['第三人責任險'],
  第三者责任险: ['第三人責任險'],
  第三者险: ['第三人責任險'],
  交强险: ['強制汽車責任保險'],
  机动车交通事故责任强制保险: ['強制汽車責任保險'],
  车损险: ['車體損失險'],
  车辆损失险: ['車體損失險'],
  盗抢险: ['竊盜損失險'],
  全车盗抢险: ['竊盜損失險'],
  意外伤害保险: ['傷害保險'],
  人身意外险: ['傷害保險'],
  旅游险: ['旅行平安保險'],
  旅游保险: ['旅行平安保險'],
  旅游意外险: ['旅行平安保險'],
  航班延误险: ['旅遊不便險'],
  航班延误: ['班機延誤'],
  行李延误: ['行李延誤'],
  宠物险: ['寵物'],
  摩托车: ['機車'],
  电动车: ['電動自行車'],
  免赔额: ['自負額'],
  投保人: ['要保人'],
  定损: ['估價'],
  赔付: ['理賠', '給付'],
  赔款: ['理賠金', '保險金'],
  报销: ['理賠'],
  批改: ['保單變更'],
  批单: ['保單變更'],
  身份证: ['身分證'],
  驾驶证: ['駕照'],
  网上投保: ['網路投保'],
  在线投保: ['網路投保'],
  热线: ['專線'],
  客服热线: ['客服專線'],
  拖车: ['拖吊'],
  水浸: ['淹水', '颱風洪水'],
  火险: ['火災保險'],
  发票: ['收據'],
  病假证明: ['診斷證明'],
  材料: ['文件', '資料'],
  手机号码: ['電話'],
  手机号: ['電話'],
  联系方式: ['電話', '聯絡'],
  境外: ['國外', '海外'],
  滞留: ['延長'],
  // Car insurance as the mainland sells it: 商业险 is Taiwan's 任意險, the seat and passenger covers are 乘客 and 駕駛人
  // covers, a deductible is 自負額 whatever it is called.
  商业险: ['任意險'],
  商业车险: ['任意險'],
  车上人员险: ['乘客體傷', '駕駛人傷害'],
  座位险: ['乘客體傷', '駕駛人傷害'],
  玻璃险: ['玻璃'],
  自燃险: ['自燃', '火災'],
  涉水险: ['颱風洪水', '淹水'],
  不计免赔: ['自負額'],
  免赔: ['自負額'],
  理赔款: ['理賠金'],
  赔偿金: ['理賠金'],
  // Injury and health: 残疾 is 失能, 死亡 in a policy is 身故, the mainland's 医保 is Taiwan's 健保.
  伤残: ['失能'],
  残疾: ['失能'],
  死亡: ['身故'],
  住院津贴: ['住院日額'],
  津贴: ['日額'],
  百万医疗: ['實支實付'],
  报销型: ['實支實付'],
  医药费: ['醫療費用'],
  医保: ['健保'],
  社保: ['勞保', '健保'],
  人伤: ['體傷'],
  // Travel.
  航延险: ['班機延誤'],
  航班: ['班機'],
  行李丢失: ['行李遺失'],
  证件丢失: ['旅行文件', '證件'],
  护照丢失: ['旅行文件'],
  出境: ['出國'],
  // Property and liability.
  财产险: ['財產'],
  火灾险: ['火災保險'],
  公众责任险: ['公共意外責任險'],
  团体意外险: ['團體傷害保險'],
  // Documents and service: a copy is 影本 and an original 正本 in Taiwan, a branch is a 服務據點, a complaint 申訴.
  诊断书: ['診斷證明書'],
  原件: ['正本'],
  复印件: ['影本'],
  网点: ['服務據點'],
  营业网点: ['服務據點'],
  在线客服: ['線上客服'],
  投诉: ['申訴'],
  举报: ['檢舉'],
  退款: ['退費'],
  '4s店': ['原廠'],
  行驶证: ['行照'],
  户口本: ['戶口名簿'],
  事故认定书: ['事故證明'],
  交警: ['警察'],
  外卖: ['外送'],
  骑手: ['外送'],
  电瓶车: ['電動自行車'],
  个人信息: ['個人資料', '個資'],
  泄露: ['外洩'],
  短信: ['簡訊'],
  报价: ['試算', '保費'],
};

/**
 * What visitors say for the site's terms (撞到 for 碰撞 or 事故, 行李不見 for 行李遺失), each with the terms the site
 * writes: a query holding one is also searched with it replaced by each of its terms. Every term is one the built
 * index holds (tests/site/search-understanding.test.ts).
 */
export const SEARCH_COLLOQUIAL: Readonly<Record<string, readonly string[]>> = {
  撞到: ['碰撞', '事故'],
  撞車: ['碰撞', '車禍'],
  被撞: ['碰撞', '事故'],
  擦撞: ['碰撞'],
  出車禍: ['車禍', '事故'],
  泡水: ['颱風洪水', '淹水'],
  水淹: ['淹水', '颱風洪水'],
  行李不見: ['行李遺失'],
  行李掉了: ['行李遺失'],
  行李弄丟: ['行李遺失'],
  行李晚到: ['行李延誤'],
  飛機延誤: ['班機延誤'],
  飛機延遲: ['班機延誤'],
  班機延遲: ['班機延誤'],
  飛機誤點: ['班機延誤'],
  被偷: ['竊盜'],
  偷走: ['竊盜'],
  看醫生: ['醫療', '門診'],
  看病: ['醫療', '門診'],
  受傷: ['傷害'],
  房屋險: ['住宅火災保險'],
  房子: ['住宅'],
  房屋: ['住宅'],
  不想保: ['退保', '解約'],
  退錢: ['退費'],
  付錢: ['繳費'],
  繳錢: ['繳費'],
  交錢: ['繳費'],
  怎麼賠: ['理賠'],
  有賠: ['理賠'],
  賠錢: ['理賠'],
  打電話: ['客服專線'],
  電話幾號: ['客服專線'],
  買保險: ['投保'],
  出國: ['旅行', '海外'],
  拖車: ['拖吊'],
  車子拋錨: ['道路救援'],
  拋錨: ['道路救援'],
  改地址: ['地址變更', '保單變更'],
  換地址: ['地址變更', '保單變更'],
  毛小孩: ['寵物'],
  毛孩: ['寵物'],
  狗狗: ['寵物'],
  貓咪: ['寵物'],
  小朋友: ['小孩'],
  孩子: ['小孩'],
  車禍: ['事故'],
  通知保險公司: ['報案'],
  撞到人: ['第三人'],
  賠多少: ['保額', '理賠金額'],
  不想要: ['退保', '解約'],
  怎麼退: ['退保'],
  震壞: ['地震'],
  震倒: ['地震'],
  時效: ['期限'],
  過戶: ['保單變更'],
  // Whether and how much it pays, as visitors ask it (the question words inside stay part of the phrase).
  賠不賠: ['理賠'],
  有沒有賠: ['理賠'],
  會不會賠: ['理賠'],
  能不能賠: ['理賠'],
  會賠: ['理賠'],
  能賠: ['理賠'],
  怎麼算: ['計算'],
  多少錢: ['保費', '金額'],
  划算: ['保費'],
  便宜: ['保費'],
  太貴: ['保費'],
  很貴: ['保費'],
  好貴: ['保費'],
  省錢: ['保費', '優惠'],
  打折: ['優惠'],
  怎麼買: ['投保'],
  哪裡買: ['投保'],
  去哪買: ['投保'],
  網路買: ['網路投保'],
  線上買: ['網路投保'],
  // What happened, in everyday words.
  不見: ['遺失'],
  弄丟: ['遺失'],
  掉了: ['遺失'],
  壞掉: ['損壞'],
  撞壞: ['碰撞', '損壞'],
  刮到: ['碰撞'],
  出事: ['事故'],
  送修: ['修理'],
  修車: ['修理'],
  沒電: ['道路救援'],
  爆胎: ['道路救援'],
  開刀: ['手術'],
  掛號: ['門診'],
  颱風天: ['颱風'],
  漏水: ['水漬'],
  小偷: ['竊盜'],
  闖空門: ['竊盜'],
  燒掉: ['火災'],
  失火: ['火災'],
  過世: ['身故'],
  往生: ['身故'],
  死掉: ['身故'],
  殘廢: ['失能'],
  詐騙電話: ['詐騙'],
  被拖: ['拖吊'],
  // Travel and family.
  航班: ['班機'],
  飛機: ['班機'],
  出去玩: ['旅行'],
  出國玩: ['旅行', '海外'],
  長輩: ['高齡'],
  老人: ['高齡'],
  // The policy and paying for it.
  不保了: ['退保'],
  取消保險: ['退保', '解約'],
  改名字: ['變更'],
  沒繳: ['繳費', '逾期'],
  忘了繳: ['繳費', '逾期'],
  晚繳: ['逾期'],
  遲繳: ['逾期'],
  刷卡: ['信用卡'],
  打給誰: ['客服專線'],
  保單不見: ['補發'],
  準備什麼: ['文件'],
  帶什麼: ['文件'],
};

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
