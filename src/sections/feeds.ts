/**
 * The RSS 2.0 feeds of news and events (REFERENCE.md "Main menu": "最新消息": feed readers and apps follow the insurer's news): one
 * feed per section of FEED_SECTIONS at `/{section}/rss.xml` (src/pages/[section]/rss.xml.ts, written by
 * `@astrojs/rss`), linked from every page's head (src/layouts/SiteLayout.astro, `rel="alternate"`) and from the
 * 網站導覽 page (src/pages/sitemap.astro).
 *
 * A feed lists the first FEED_ITEM_LIMIT items of its section in the section's list order (src/lib/order.ts, as
 * `/{section}/all/1` shows them: pinned first, then newest first), each with its title, its link at its final URL
 * (the detail page, or an event's own link resolved through the redirect plan), its date as the instant the portal
 * means (read in Asia/Taipei by the schema, src/portal/date-parser.ts; RSS writes it in RFC 822 form, GMT) and its summary as plain text (the
 * schema's `description`, visible text already checked at the boundary).
 */
import { ARTICLE_SECTIONS, itemHref, sortedArticles, type SectionKey } from './articles';
import { siteHref } from './site-links';

/** The sections with a feed, in registry order. */
export const FEED_SECTIONS = ['news', 'event'] as const satisfies readonly SectionKey[];

/** The feed's file name in its section's folder; a reserved route segment (src/portal/validation.ts RESERVED_SEGMENTS). */
export const FEED_FILE = 'rss.xml';

/** Items per feed: what a reader fetches every time it polls, so a feed's size does not grow with its section. */
export const FEED_ITEM_LIMIT = 20;

/** The site path of a section's feed: `/news/rss.xml`. */
export const feedPath = (key: (typeof FEED_SECTIONS)[number]): string => `/${ARTICLE_SECTIONS[key].path}/${FEED_FILE}`;

/** The feeds as the pages' head links them: path and title (`公司新聞`). */
export const FEEDS: readonly { path: string; title: string }[] = FEED_SECTIONS.map((key) => ({
  path: feedPath(key),
  title: ARTICLE_SECTIONS[key].title,
}));

/** One item of a feed, as `@astrojs/rss` takes it. */
export interface FeedItem {
  title: string;
  /** Absolute URL. */
  link: string;
  pubDate: Date;
  /** Plain text; `@astrojs/rss` escapes it. */
  description?: string;
}

/**
 * A section's feed items.
 * @param key a section of FEED_SECTIONS
 * @param site the site's URL (astro.config `site`), against which links are made absolute
 * @returns at most FEED_ITEM_LIMIT items, in the section's list order
 */
export async function feedItems(key: (typeof FEED_SECTIONS)[number], site: URL): Promise<FeedItem[]> {
  const section = ARTICLE_SECTIONS[key];
  const items = (await sortedArticles(section)).slice(0, FEED_ITEM_LIMIT);
  return Promise.all(
    items.map(async (item) => ({
      title: item.title,
      link: new URL(await siteHref(itemHref(section, item)), site).href,
      pubDate: item.date,
      ...(item.description ? { description: item.description } : {}),
    })),
  );
}
