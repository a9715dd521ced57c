/**
 * The copy of the offline page (`/offline`, src/pages/offline.astro), which the service worker shows for a page it
 * cannot reach and has not kept (src/integrations/service-worker.ts).
 */
import { listLink } from '../lists.ts';

export const OFFLINE_TEXT = {
  title: '目前沒有網路連線',
  body: '無法連線到網站，這個頁面也尚未存在您的裝置上。恢復連線後請重新整理本頁。如需協助，請直接撥打以下專線：',
  hotlinesHeading: '服務專線（點選即可撥號）',
  keptHeading: '離線時仍可開啟的頁面',
  kept: [{ href: '/claim', label: '理賠服務' }, { href: '/contact', label: '聯絡我們' }, listLink('locations')],
} as const;
