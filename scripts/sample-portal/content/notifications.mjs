/**
 * System notifications (REFERENCE.md "Widget states"): category 1 is the 系統公告 dialog, 2 the bell list, 8 the banner.
 * Start dates are relative to the moment of the request, so 'N 天前' stays small whenever the sample
 * portal runs. Items: notificationSchema.
 */

import { addDays, taipeiToday } from '../site-rules.mjs';

/** `YYYY-MM-DDT09:00:00+08:00`, 09:00 Taipei time `days` Taipei days before `now`. */
function taipeiMorning(now, days) {
  return `${addDays(taipeiToday(now), -days)}T09:00:00+08:00`;
}

/**
 * The notifications the portal answers at `now`.
 * @param {Date} now  the request time.
 * @param {'all' | 'no-dialog' | 'none'} [mode='all']  `no-dialog` leaves out the category-1 dialog,
 *   `none` answers an empty list.
 * @returns {object[]} notifications (notificationSchema).
 */
export function notificationsAt(now, mode = 'all') {
  if (mode === 'none') return [];
  const all = [
    {
      id: 'N2026-101',
      category: 1,
      title: '系統維護公告',
      description: '為提升服務品質，網路投保及保單查詢系統將於本週六 00:00 至 06:00 進行維護，維護期間暫停服務，造成不便敬請見諒。',
      startDate: taipeiMorning(now, 1),
      nextUrl: '/news/all',
    },
    {
      id: 'N2026-102',
      category: 2,
      title: '新功能上線',
      description: '理賠進度查詢新增文件補件上傳功能，拍照即可完成補件。',
      startDate: taipeiMorning(now, 2),
      nextUrl: '/news/detail/29',
    },
    {
      id: 'N2026-103',
      category: 2,
      title: '連假服務時間',
      description: '國定假日期間客服專線暫停服務，事故報案及道路救援 24 小時受理。',
      startDate: taipeiMorning(now, 5),
      nextUrl: '/news/detail/38',
    },
    {
      id: 'N2026-104',
      category: 2,
      title: '行動身分識別服務',
      description: '網路投保新增行動身分識別驗證，免輸入密碼更安全。',
      startDate: taipeiMorning(now, 9),
      nextUrl: '/mid',
    },
    {
      id: 'N2026-105',
      category: 2,
      title: '防詐騙提醒',
      description: '本公司不會以簡訊要求點擊連結繳費，如有疑問請撥打 0800-880-550 查證。',
      startDate: taipeiMorning(now, 14),
    },
    {
      id: 'N2026-106',
      category: 8,
      title: '颱風期間理賠服務',
      description: '颱風期間本公司啟動災害應變機制，車輛泡水及住宅受損案件優先派員查勘，報案請撥 0800-077-568。',
      startDate: taipeiMorning(now, 3),
      nextUrl: '/news/detail/33',
    },
  ];
  return mode === 'no-dialog' ? all.filter((n) => n.category !== 1) : all;
}

/**
 * `count` notifications in one answer, as an attacker or a runaway editor's tool could send them (the e2e test and
 * the bench's `notifications` section answer them instead of the portal): 1 in 100 a system dialog (category 1),
 * 1 in 10 a banner (category 8), every other one for the bell (category 2), start dates spread over the last
 * count / 10 Taipei days, the newest last (the portal's order is not the order shown); about 1.9 MB of JSON at
 * 10,000. Dialogs lead nowhere, so that 確認 only closes them.
 * @param {Date} now  the request time.
 * @param {number} [count=10000]
 * @returns {{ id: string, category: number, title: string, description: string, startDate: string, nextUrl?: string }[]}
 *   notifications (notificationSchema), `startDate` as YYYY-MM-DD.
 */
export function manyNotifications(now, count = 10_000) {
  const today = taipeiToday(now);
  return Array.from({ length: count }, (_, i) => {
    const category = i % 100 === 0 ? 1 : i % 10 === 0 ? 8 : 2;
    return {
      id: `many-${i}`,
      category,
      title: `公告 ${i}`,
      description: `第 ${i} 則公告：保險理賠服務時間調整，請留意。`,
      startDate: addDays(today, -Math.floor((count - 1 - i) / 10)),
      ...(category === 1 ? {} : { nextUrl: i % 2 ? '/news/all/1' : 'https://www.example.com/notice' }),
    };
  });
}
