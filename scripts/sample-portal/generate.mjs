/**
 * Large-dataset generator for benchmarks: plausible Traditional Chinese news, events, winners, shares,
 * coupons, download items, FAQ and service locations built from templates that vary with the index. Output is
 * deterministic (no randomness, no clock) and every item parses against its schema in src/portal/schemas.ts.
 *
 * The download items, FAQ and locations all go into ONE category each (a category that grows
 * must keep its pages bounded), so at 10,000 items one download category holds 2,100 items.
 */
import { newsCategories } from './content/news.mjs';
import { eventCategories } from './content/events.mjs';
import { winnerCategories, winnerTable } from './content/winners.mjs';
import { shareCategories } from './content/shares.mjs';
import { addDays, daysSince } from './site-rules.mjs';

/** Generated ids start here, well above the hand-written ones. */
export const SCALED_ID_BASE = 100_000;

/** Share of the total per list (coupons take the remainder). */
const SPLIT = { news: 0.34, events: 0.12, winners: 0.08, shares: 0.12, downloads: 0.21, faqs: 0.04, locations: 0.03 };

/** The one category that receives every generated download item, FAQ and location (ids of content/*.mjs). */
export const LARGE_CATEGORY = Object.freeze({ downloads: 4, faqs: 3, locations: 1 });

/** First and last publication day of the generated items. */
const FIRST_DAY = '2024-12-01';
const LAST_DAY = '2026-11-20';

const CITIES = ['台北', '新北', '桃園', '新竹', '苗栗', '台中', '彰化', '雲林', '嘉義', '台南', '高雄', '屏東', '宜蘭', '花蓮', '台東', '澎湖'];
const PRODUCTS = [
  '汽車保險',
  '機車保險',
  '旅行平安保險',
  '住家綜合保險',
  '傷害保險',
  '寵物保險',
  '電動車專屬綜合保險',
  '商業火災保險',
  '公共意外責任保險',
  '貨物運輸保險',
  '僱主意外責任保險',
];
const PRODUCT_FEATURES = [
  ['新增線上試算功能', '保戶可於官網輸入基本資料，即時試算保費。'],
  ['保障內容升級', '新增多項附加條款，保障範圍更完整。'],
  ['推出家庭優惠方案', '家庭成員一起投保，保費享團體優惠。'],
  ['條款修訂說明', '配合法令修正更新保險條款，保戶權益不受影響。'],
  ['網路投保開放', '即日起可透過網路投保平台完成投保與繳費。'],
  ['理賠流程簡化', '小額案件免查勘，文件齊全後最快 3 個工作天給付。'],
];
const COMPANY_ACTIVITIES = [
  ['交通安全宣導活動圓滿落幕', '志工走入校園與社區，宣導行人與機車騎士的用路安全。'],
  ['社區防災演練', '與在地消防單位合作，示範地震避難與滅火器使用方式。'],
  ['長者防詐騙講座', '以實際案例說明常見詐騙手法，提醒長輩接到可疑電話先查證。'],
  ['淨灘志工活動', '員工與眷屬一同清理海岸廢棄物，守護海洋環境。'],
  ['捐血公益活動', '號召員工與保戶挽袖捐血，為醫療用血盡一份心力。'],
  ['理賠服務說明會', '向合作保修廠與服務人員說明最新理賠作業流程。'],
];
const SERVICE_NOTICES = [
  ['服務據點營業時間調整', '配合國定假日，當地服務據點營業時間調整，事故報案仍 24 小時受理。'],
  ['電話系統更新公告', '服務據點電話系統更新期間，來電可能短暫中斷，請改撥客服專線。'],
  ['臨櫃服務暫停公告', '因辦公室整修，臨櫃服務暫停，相關業務可於網路投保平台辦理。'],
  ['道路救援服務加強', '連假期間加派救援車輛，縮短到場等候時間。'],
];
const AWARDS = ['保險卓越獎', '保險信望愛獎', '數位金融獎', '台灣企業永續獎', '金融服務業公平待客評核', '消費者滿意品牌獎'];
const AWARD_TITLES = ['理賠服務卓越獎', '最佳商品創意獎', '最佳顧客體驗獎', '最佳社會責任獎', '前 25% 佳績', '產險類金獎'];
const EVENT_KINDS = [
  ['投保抽好禮', '活動期間完成投保即可參加抽獎，有機會獲得精美好禮。', 2],
  ['早鳥優惠', '提前完成投保，保費享專屬折扣。', 1],
  ['填問卷送禮券', '完成服務滿意度問卷，即贈電子禮券。', 2],
  ['親子體驗營', '寓教於樂的安全教育課程，歡迎親子一同報名。', 3],
  ['推薦好友活動', '推薦親友投保成功，雙方皆可獲得獎勵。', 1],
  ['防災講座', '邀請專家分享居家防災與保險規劃。', 3],
];
const SHARE_TOPICS = {
  1: [
    ['投保前必看的五個重點', '投保前先了解保障範圍、除外責任與理賠條件，避免日後爭議。'],
    ['常見理賠爭議與預防方式', '整理常見的理賠爭議案例，教您事先做好準備。'],
    ['保額怎麼訂才足夠', '依家庭責任與資產狀況估算合適的保險金額。'],
  ],
  2: [
    ['雨天行車安全守則', '雨天視線不佳、路面濕滑，放慢車速並加大車距。'],
    ['長途駕駛防疲勞技巧', '每兩小時休息一次，避免疲勞駕駛。'],
    ['路口轉彎安全觀念', '轉彎前減速並注意內輪差與行人動態。'],
  ],
  3: [
    ['颱風季居家防護', '檢查門窗與排水，準備緊急避難包。'],
    ['地震保險與居家防震', '固定高大家具，並確認住宅地震保險的保障內容。'],
    ['豪雨淹水應變指南', '留意豪雨特報，提前將車輛與貴重物品移至高處。'],
  ],
};
const PARTNERS = [
  ['合作保養廠', '定期保養'],
  ['合作洗車中心', '美容洗車'],
  ['合作輪胎館', '輪胎更換'],
  ['合作停車場', '月租車位'],
  ['合作動物醫院', '寵物健檢'],
  ['合作健檢中心', '健康檢查'],
  ['合作旅行社', '國內旅遊'],
  ['合作咖啡門市', '咖啡飲品'],
  ['合作租車平台', '短期租車'],
  ['合作充電站', '電動車充電'],
];
const DISCOUNTS = ['85 折', '9 折', '買一送一', '首次免費', '折抵 300 元', '滿千折百', '加贈好禮', '8 折'];

/** Pick the i-th element, cycling. */
const pick = (list, i) => list[((i % list.length) + list.length) % list.length];

/** Date of the i-th of `count` items, spread over 2024-12-01…2026-11-20, newest first. */
function dateOf(i, count) {
  const span = daysSince(FIRST_DAY, LAST_DAY);
  const day = Math.floor(span - (i * span) / Math.max(count, 1));
  return addDays(FIRST_DAY, day);
}

/** `2026 年 3 月` style label of a date. */
const monthOf = (date) => `${Number(date.slice(0, 4))} 年 ${Number(date.slice(5, 7))} 月`;

function newsItem(i, count) {
  const id = SCALED_ID_BASE + i;
  const date = dateOf(i, count);
  const categoryId = pick(newsCategories, i).id;
  const city = pick(CITIES, i * 7);
  const product = pick(PRODUCTS, i * 3);
  let title;
  let lead;
  if (categoryId === 1) {
    const [activity, text] = pick(COMPANY_ACTIVITIES, Math.floor(i / 4));
    title = `${city}地區${activity}`;
    lead = `${monthOf(date)}，和泰產險${city}服務團隊舉辦${activity.replace(/圓滿落幕$/, '')}。${text}`;
  } else if (categoryId === 2) {
    const [feature, text] = pick(PRODUCT_FEATURES, Math.floor(i / 4));
    title = `${product}${feature}`;
    lead = `${product}${feature}。${text}`;
  } else if (categoryId === 3) {
    const [notice, text] = pick(SERVICE_NOTICES, Math.floor(i / 4));
    title = `${city}${notice}（${monthOf(date)}）`;
    lead = `${city}地區${notice}。${text}`;
  } else {
    const award = pick(AWARDS, Math.floor(i / 4));
    const prize = pick(AWARD_TITLES, Math.floor(i / 4) + Math.floor(i / 24));
    title = `榮獲${award}「${prize}」`;
    lead = `和泰產險於${monthOf(date)}榮獲${award}「${prize}」，肯定本公司在服務品質上的努力。`;
  }
  return {
    id,
    title,
    date,
    categoryId,
    description: lead,
    content: `<p>${lead}</p>
<h3>服務資訊</h3>
<ul><li>客服專線：0800-880-550（非假日 08:30–18:00）</li><li>理賠及報案專線：0800-077-568</li><li>相關商品：<a href="/insurance/personal">${product}</a></li></ul>
<p>更多消息請見<a href="/news/all">最新消息</a>。</p>`,
    ...(i % 5 === 0 ? { image: `images/news/${id}.jpg` } : {}),
    ...(i % 97 === 0 ? { isTop: true } : {}),
  };
}

function eventItem(i, count) {
  const id = SCALED_ID_BASE + i;
  const date = dateOf(i, count);
  const product = pick(PRODUCTS, i * 5);
  const [kind, text, categoryId] = pick(EVENT_KINDS, i);
  const title = `${product}${kind}（${monthOf(date)}）`;
  return {
    id,
    title,
    date,
    categoryId: eventCategories.some((c) => c.id === categoryId) ? categoryId : eventCategories[0].id,
    description: text,
    link: `https://www.hotains.com.tw/campaign/s${id}`,
    content: `<p>${text}</p><p>活動期間：${date} 起一個月，詳細辦法以活動頁面公告為準。</p>`,
    ...(i % 4 === 0 ? { image: `images/event/${id}.jpg` } : {}),
  };
}

function winnerItem(i, count) {
  const id = SCALED_ID_BASE + i;
  const date = dateOf(i, count);
  const product = pick(PRODUCTS, i * 5);
  const [kind] = pick(EVENT_KINDS, i);
  const title = `「${product}${kind}」得獎名單（${monthOf(date)}）`;
  return {
    id,
    title,
    date,
    categoryId: pick(winnerCategories, i).id,
    description: `${product}${kind}活動已公開抽出得獎者，恭喜以下幸運得主。`,
    content: `<p>感謝您的參與，得獎名單如下：</p>${winnerTable([{ prize: '電子禮券 500 元', count: 5 + (i % 6) }], i)}`,
  };
}

function shareItem(i, count) {
  const id = SCALED_ID_BASE + i;
  const date = dateOf(i, count);
  const categoryId = pick(shareCategories, i).id;
  const topics = SHARE_TOPICS[categoryId] ?? SHARE_TOPICS[1];
  const [topic, text] = pick(topics, Math.floor(i / 3));
  const product = pick(PRODUCTS, i);
  const title = categoryId === 1 ? `${product}：${topic}` : `${topic}（${monthOf(date)}）`;
  return {
    id,
    title,
    date,
    categoryId,
    description: text,
    content: `<p>${text}</p><ul><li>出發或投保前先確認保單內容。</li><li>發生事故時保持冷靜，撥打 0800-077-568 報案。</li></ul>`,
    ...(i % 6 === 0 ? { image: `images/share/${id}.jpg` } : {}),
  };
}

function couponItem(i, count) {
  const id = SCALED_ID_BASE + i;
  const date = dateOf(i, count);
  const [partner, service] = pick(PARTNERS, i);
  const discount = pick(DISCOUNTS, Math.floor(i / PARTNERS.length));
  const space = /^\d/.test(discount) ? ' ' : '';
  const end = addDays(date, 60 + (i % 4) * 30);
  return {
    id,
    title: `${service}${space}${discount}`,
    date,
    startDate: date,
    endDate: end,
    description: `和泰產險保戶於${partner}使用${service}服務，享${discount}優惠。`,
    image: `images/coupon/${id}.jpg`,
    content: `<p>活動期間 ${date} 至 ${end}，出示有效保單即可於${partner}享${service}<strong>${discount}</strong>優惠。</p><ul><li>不得兌換現金。</li><li>不得與其他優惠併用。</li></ul>`,
  };
}

const FORM_KINDS = ['申請書', '同意書', '說明書', '委託書', '聲明書'];

function downloadItem(i) {
  const id = SCALED_ID_BASE + i;
  const product = pick(PRODUCTS, i);
  const kind = pick(FORM_KINDS, Math.floor(i / PRODUCTS.length));
  const date = addDays(FIRST_DAY, i % 700);
  const fileCount = 1 + (i % 3);
  return {
    id,
    title: `${product}${kind}（第 ${i + 1} 號）`,
    category: LARGE_CATEGORY.downloads,
    sort: 1000 + i,
    files: Array.from({ length: fileCount }, (_, f) => {
      const fileId = SCALED_ID_BASE + i * 3 + f;
      return { id: fileId, title: `${product}${kind}（第 ${i + 1}-${f + 1} 號）`, fileUrl: `files/download/${fileId}.pdf`, fileType: 'pdf', date };
    }),
  };
}

const FAQ_GROUPS = ['報案流程', '理賠文件', '理賠進度', '給付方式'];

function faqItem(i) {
  const product = pick(PRODUCTS, i);
  const city = pick(CITIES, Math.floor(i / PRODUCTS.length));
  return {
    id: SCALED_ID_BASE + i,
    title: `${city}地區${product}理賠要準備什麼？（第 ${i + 1} 題）`,
    content: `<p>${city}地區的${product}理賠，請備妥理賠申請書、身分證明文件與相關單據，並於事故後 <strong>5 日內</strong>通知本公司。</p>`,
    firstCategory: LARGE_CATEGORY.faqs,
    secondCategory: pick(FAQ_GROUPS, i),
    secondCategorySort: 1000 + i,
  };
}

/** Cities of the north area (LARGE_CATEGORY.locations is 北區). */
const NORTH_CITIES = ['台北', '新北', '桃園', '新竹', '基隆'];

function locationItem(i) {
  const city = pick(NORTH_CITIES, i);
  const number = 1 + (i % 900);
  return {
    id: SCALED_ID_BASE + i,
    name: `${city}第 ${i + 1} 服務處`,
    areaId: LARGE_CATEGORY.locations,
    address: `${city}市中正路 ${number} 號 ${1 + (i % 12)} 樓`,
    phone: `(02) 2${String(100 + (i % 900)).padStart(3, '0')}-${String(1000 + (i % 9000)).padStart(4, '0')}`,
    hours: '週一至週五 08:30–17:30',
  };
}

/**
 * Items for one large category each of downloads, FAQ and locations (LARGE_CATEGORY: pages stay bounded however large a
 * category grows), as the scaled dataset and the hostile corpus use them.
 * @param {{ downloads: number, faqs: number, locations: number }} counts  items per list (≥ 0).
 * @returns {{ downloads: object[], faqs: object[], locations: object[] }}  ids from {@link SCALED_ID_BASE}.
 */
export function generateLargeCategories(counts) {
  const build = (count, make) => Array.from({ length: count }, (_, i) => make(i));
  return {
    downloads: build(counts.downloads, downloadItem),
    faqs: build(counts.faqs, faqItem),
    locations: build(counts.locations, locationItem),
  };
}

/**
 * Generate about `n` items in total for the article-like lists, downloads, FAQ and locations.
 * @param {number} n  total number of items (≥ 0); split 34% news, 12% events, 8% winners, 12% shares, 21% download
 *   items (one category), 4% FAQ (one category), 3% locations (one area), the rest coupons.
 * @returns {Record<'news' | 'events' | 'winners' | 'shares' | 'coupons' | 'downloads' | 'faqs' | 'locations', object[]>}
 *   articles newest first; ids start at {@link SCALED_ID_BASE}; dates between 2024-12-01 and 2026-11-20.
 */
export function generateScaled(n) {
  const total = Math.max(0, Math.floor(Number(n) || 0));
  const counts = Object.fromEntries(Object.entries(SPLIT).map(([name, share]) => [name, Math.floor(total * share)]));
  counts.coupons = total - Object.values(counts).reduce((a, b) => a + b, 0);
  const build = (count, make) => Array.from({ length: count }, (_, i) => make(i, count));
  return {
    news: build(counts.news, newsItem),
    events: build(counts.events, eventItem),
    winners: build(counts.winners, winnerItem),
    shares: build(counts.shares, shareItem),
    coupons: build(counts.coupons, couponItem),
    ...generateLargeCategories(counts),
  };
}
