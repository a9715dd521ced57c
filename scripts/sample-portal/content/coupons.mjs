/**
 * 優惠專區 (coupons): partner offers for policyholders. Items: couponSchema; every coupon has an image, coupon art as
 * editors upload it: `images/coupon/{id}.png` (800×500 with transparent corners), one an animated GIF
 * (ANIMATED_COUPON_ID).
 *
 * The dates are fixed, but for one offer announced ahead of its start (UPCOMING_COUPON), whose dates are relative to
 * the Taipei day the caller gives (the sample portal's: the day it starts, or SAMPLE_PORTAL_TODAY, which `npm test`
 * fixes for its whole run), so that the site always has an offer marked 尚未開始 (not yet started).
 */

import { addDays } from '../site-rules.mjs';

/** The coupon whose art is an animated GIF. */
const ANIMATED_COUPON_ID = 13;

/**
 * The offer announced ahead of its start, in Taipei days from the day the sample portal starts: published
 * `publishedDaysAgo` days before, usable from `startsInDays` days after for `lastsDays` days.
 */
const UPCOMING_COUPON = { id: 16, publishedDaysAgo: 2, startsInDays: 20, lastsDays: 60 };

/** Terms every coupon shares, appended to its own. */
const COMMON_TERMS = `<h3>注意事項</h3>
<ul><li>本優惠限和泰產險有效保單之保戶使用，使用時請出示保單或電子保單畫面。</li><li>優惠不得兌換現金，亦不得與其他優惠併用。</li><li>合作廠商保留活動內容變更之權利，詳情以現場公告為準。</li></ul>`;

/** One coupon entry with the shared terms appended. */
const coupon = ({ terms, ...item }) => ({
  ...item,
  image: `images/coupon/${item.id}.${item.id === ANIMATED_COUPON_ID ? 'gif' : 'png'}`,
  content: `${terms}\n${COMMON_TERMS}`,
});

/**
 * The offer announced ahead of its start (UPCOMING_COUPON), dated from the Taipei day given.
 * @param {string} today `YYYY-MM-DD`
 * @returns {object} the coupon item
 */
const upcomingCoupon = (today) =>
  coupon({
    id: UPCOMING_COUPON.id,
    title: '道路救援拖吊里程加碼',
    date: addDays(today, -UPCOMING_COUPON.publishedDaysAgo),
    startDate: addDays(today, UPCOMING_COUPON.startsInDays),
    endDate: addDays(today, UPCOMING_COUPON.startsInDays + UPCOMING_COUPON.lastsDays - 1),
    description: '汽車險保戶於活動期間申請道路救援，拖吊里程加碼至 100 公里。',
    link: 'https://www.hotains.com.tw/coupon/road-assist',
    terms: `<p>活動期間內，汽車險有效保戶申請道路救援服務，<strong>免費拖吊里程由 50 公里加碼至 100 公里</strong>，每張保單限使用 1 次。</p>`,
  });

/** The coupons with fixed dates. */
const FIXED_COUPONS = [
  coupon({
    id: 15,
    title: '汽車保養工資 85 折',
    date: '2026-11-02',
    startDate: '2026-11-02',
    endDate: '2027-01-31',
    description: '至合作保養廠進行定期保養，工資享 85 折優惠。',
    link: 'https://www.hotains.com.tw/coupon/car-service',
    terms: `<p>憑本優惠至全台合作保養廠進行定期保養，<strong>工資享 85 折</strong>，零件費用不適用。每張保單限使用 2 次。</p>`,
  }),
  coupon({
    id: 14,
    title: '洗車美容兩次免費',
    date: '2026-10-15',
    startDate: '2026-10-15',
    endDate: '2026-12-31',
    description: '投保汽車車體損失險之保戶，可享合作洗車中心免費洗車兩次。',
    terms: `<p>活動期間內投保或續保汽車車體損失險之保戶，可於合作洗車中心享<strong>免費洗車兩次</strong>，需事先預約。</p>`,
  }),
  coupon({
    id: 13,
    title: '機場接送 9 折',
    date: '2026-09-20',
    startDate: '2026-09-20',
    endDate: '2027-03-31',
    description: '投保旅平險即享合作車隊機場接送 9 折優惠。',
    link: 'https://www.hotains.com.tw/coupon/airport',
    terms: `<p>投保和泰產險旅行平安保險之保戶，預約合作車隊桃園、松山機場接送，<strong>車資 9 折</strong>。請於搭乘 3 日前預約。</p>`,
  }),
  coupon({
    id: 12,
    title: '輪胎買三送一',
    date: '2026-08-28',
    startDate: '2026-09-01',
    endDate: '2026-11-30',
    description: '合作輪胎館購買同規格輪胎四條，只要付三條的價格。',
    terms: `<p>於合作輪胎館購買同品牌同規格輪胎四條，<strong>第四條免費</strong>，含安裝與定位服務。</p>`,
  }),
  coupon({
    id: 11,
    title: '兒童安全座椅租借優惠',
    date: '2026-07-10',
    startDate: '2026-07-10',
    endDate: '2026-12-31',
    description: '租借兒童安全座椅享首月免租金，讓孩子乘車更安全。',
    terms: `<p>向合作租賃平台租借兒童安全座椅，<strong>首月免租金</strong>，第二個月起享 8 折優惠，最長 12 個月。</p>`,
  }),
  coupon({
    id: 10,
    title: '寵物健康檢查 8 折',
    date: '2026-06-18',
    startDate: '2026-06-18',
    endDate: '2026-12-18',
    description: '寵物保險保戶至合作動物醫院進行健康檢查享 8 折。',
    terms: `<p>投保和泰產險寵物保險之保戶，至合作動物醫院進行年度健康檢查，<strong>費用享 8 折</strong>。</p>`,
  }),
  coupon({
    id: 9,
    title: '住宅防水檢測免費一次',
    date: '2026-05-22',
    startDate: '2026-05-22',
    endDate: '2026-09-30',
    description: '住家綜合保險保戶可預約免費屋頂及外牆防水檢測一次。',
    terms: `<p>住家綜合保險有效保戶可預約<strong>免費防水檢測一次</strong>，檢測範圍含屋頂、外牆及陽台排水，限台灣本島。</p>`,
  }),
  coupon({
    id: 8,
    title: '旅遊網卡買一送一',
    date: '2026-04-30',
    startDate: '2026-05-01',
    endDate: '2026-08-31',
    description: '網路投保旅平險，加購海外上網卡享買一送一。',
    link: 'https://www.hotains.com.tw/coupon/sim',
    terms: `<p>完成旅平險網路投保後，於確認頁面加購海外上網卡，<strong>買一送一</strong>，適用日本、韓國及東南亞地區。</p>`,
  }),
  coupon({
    id: 7,
    title: '電動車充電 100 度回饋',
    date: '2026-03-26',
    startDate: '2026-04-01',
    endDate: '2026-09-30',
    description: '電動車專屬綜合保險保戶，於合作充電站充電累積 100 度回饋 100 元。',
    terms: `<p>於合作充電站累積充電每滿 100 度，<strong>回饋 100 元</strong>充電金，每月上限 300 元。</p>`,
  }),
  coupon({
    id: 6,
    title: '機車定期保養 9 折',
    date: '2026-02-12',
    startDate: '2026-02-12',
    endDate: '2026-06-30',
    description: '機車險保戶至合作機車行保養享 9 折。',
    terms: `<p>機車險有效保戶至合作機車行進行定期保養，<strong>工資及機油享 9 折</strong>。</p>`,
  }),
  coupon({
    id: 5,
    title: '健檢套餐優惠價 3,999 元',
    date: '2025-12-10',
    startDate: '2025-12-10',
    endDate: '2026-06-30',
    description: '傷害保險保戶可享合作健檢中心基礎健檢套餐優惠價。',
    terms: `<p>傷害保險有效保戶享合作健檢中心基礎健檢套餐<strong>優惠價 3,999 元</strong>（原價 5,800 元），需提前一週預約。</p>`,
  }),
  coupon({
    id: 4,
    title: '停車場月租首月 88 折',
    date: '2025-09-05',
    startDate: '2025-09-05',
    endDate: '2026-03-31',
    description: '合作停車場月租方案，首月租金享 88 折。',
    terms: `<p>於合作停車場新申辦月租方案，<strong>首月租金 88 折</strong>，限自用小客車。</p>`,
  }),
  coupon({
    id: 3,
    title: '行車記錄器安裝優惠',
    date: '2025-06-16',
    startDate: '2025-06-16',
    endDate: '2025-12-31',
    description: '合作門市選購前後雙鏡頭行車記錄器，免費安裝。',
    terms: `<p>於合作門市選購指定款前後雙鏡頭行車記錄器，<strong>免費安裝</strong>並贈 64GB 記憶卡。</p>`,
  }),
  coupon({
    id: 2,
    title: '高鐵假期套票折 500 元',
    date: '2025-03-03',
    startDate: '2025-03-03',
    endDate: '2025-08-31',
    description: '投保國內旅平險，預訂合作旅行社高鐵假期套票折 500 元。',
    terms: `<p>投保國內旅平險之保戶，預訂合作旅行社高鐵假期套票，<strong>每筆訂單折抵 500 元</strong>。</p>`,
  }),
  coupon({
    id: 1,
    title: '咖啡買一送一',
    date: '2024-12-09',
    startDate: '2024-12-09',
    endDate: '2025-02-28',
    description: '新官網上線慶，合作咖啡門市大杯咖啡買一送一。',
    terms: `<p>出示官網優惠頁面，於合作咖啡門市購買大杯咖啡<strong>買一送一</strong>，每人每日限一次。</p>`,
  }),
];

/**
 * Coupons (couponSchema).
 * @param {string} today the Taipei day (`YYYY-MM-DD`) UPCOMING_COUPON's dates count from: one day for every portal of
 *   a test run (SAMPLE_PORTAL_TODAY), as a build made before Taipei's midnight and a browser test after it must see
 *   the same offer
 * @returns {object[]} the coupon items
 */
export const couponsOn = (today) => [upcomingCoupon(today), ...FIXED_COUPONS];
