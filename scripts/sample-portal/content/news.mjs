/**
 * 最新消息 (corporate news): categories and items as the portal publishes them.
 * Items: articleSchema. Newest first, as the portal lists them. Dates are mostly `YYYY-MM-DD`; a few carry a time,
 * with or without a zone, as a real portal may send them (src/lib/taipei-dates.ts reads all three). The first 42
 * items (news-short-2026.mjs, news-short-2025.mjs) have short bodies and ids that grow with time; the 60 of the
 * half-year files news-2025.mjs, news-2025-h2.mjs, news-2026.mjs and news-2026-h2.mjs have the long bodies of a real
 * portal and ids from 43, numbered in their own date order, so they interleave with the first ones (as
 * items an editor enters later with an earlier date do).
 */
import { NEWS_2025_H1 } from './news-2025.mjs';
import { NEWS_2025_H2 } from './news-2025-h2.mjs';
import { NEWS_2026_H1 } from './news-2026.mjs';
import { NEWS_2026_H2 } from './news-2026-h2.mjs';
import { SHORT_NEWS_2025 } from './news-short-2025.mjs';
import { SHORT_NEWS_2026 } from './news-short-2026.mjs';

/** News categories (categorySchema). */
export const newsCategories = [
  { id: 1, name: '公司新聞', sort: 1 },
  { id: 2, name: '商品訊息', sort: 2 },
  { id: 3, name: '服務公告', sort: 3 },
  { id: 4, name: '得獎榮耀', sort: 4 },
];

/** The first news items (news-short-2026.mjs, news-short-2025.mjs), newest first. */
const FIRST_NEWS = [...SHORT_NEWS_2026, ...SHORT_NEWS_2025];

/**
 * The long items (news-2025.mjs, news-2025-h2.mjs, news-2026.mjs, news-2026-h2.mjs) as the portal sends them; a row
 * with a cover gets `images/news/{id}.jpg`.
 */
const LONG_NEWS = [...NEWS_2025_H1, ...NEWS_2025_H2, ...NEWS_2026_H1, ...NEWS_2026_H2].map(
  ([date, categoryId, title, description, content, cover], index) => {
    const id = FIRST_NEWS.length + 1 + index;
    return { id, title, date, categoryId, ...(cover ? { image: `images/news/${id}.jpg` } : {}), description, content };
  },
);

/** Newest first (then the higher id), comparing the day the dates start with. */
const newestFirst = (a, b) => b.date.slice(0, 10).localeCompare(a.date.slice(0, 10)) || b.id - a.id;

/** News items (articleSchema), newest first as the portal lists them. */
export const news = [...FIRST_NEWS, ...LONG_NEWS].sort(newestFirst);
