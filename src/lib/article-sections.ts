/**
 * The article sections (news, events, winners, shares) as plain data: URL segment, titles, and the collections of
 * their items and categories. No content query here (src/sections/articles.ts does those), so that the build pipeline
 * (src/integrations/pipeline.ts: the redirect plan of spec §2 `/{section}/{category}`) can read it outside Astro's
 * page modules (issue 15).
 */

/** Collections of the sections' items. */
export type ArticleCollection = 'news' | 'events' | 'winners' | 'shares';
export type ArticleCategoryCollection = 'newsCategories' | 'eventCategories' | 'winnerCategories' | 'shareCategories';

export interface ArticleSection {
  /** URL segment: /news, /event, /winner, /share. */
  path: 'news' | 'event' | 'winner' | 'share';
  /** Section title shown in the hero and breadcrumbs. */
  title: string;
  /** One-line introduction under the title. */
  intro: string;
  collection: ArticleCollection;
  categories: ArticleCategoryCollection;
  /** Spec §2 has detail routes for news, shares and winners; events link where the item says. */
  hasDetail: boolean;
}

export const ARTICLE_SECTIONS = {
  news: {
    path: 'news',
    title: '公司新聞',
    intro: '和泰產險最新公司動態、商品訊息與服務公告。',
    collection: 'news',
    categories: 'newsCategories',
    hasDetail: true,
  },
  event: {
    path: 'event',
    title: '活動專區',
    intro: '參加和泰產險舉辦的各項活動，好禮與保障一次帶回家。',
    collection: 'events',
    categories: 'eventCategories',
    hasDetail: false,
  },
  winner: {
    path: 'winner',
    title: '得獎公告',
    intro: '各項活動得獎名單公告，恭喜所有得獎者。',
    collection: 'winners',
    categories: 'winnerCategories',
    hasDetail: true,
  },
  share: {
    path: 'share',
    title: '資訊分享',
    intro: '保險知識、安全駕駛與防災資訊，與您一起做好風險管理。',
    collection: 'shares',
    categories: 'shareCategories',
    hasDetail: true,
  },
} as const satisfies Record<string, ArticleSection>;

export type SectionKey = keyof typeof ARTICLE_SECTIONS;
