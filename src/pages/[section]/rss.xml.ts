/**
 * `/{section}/rss.xml`: the RSS 2.0 feed of each section of FEED_SECTIONS (news, events; src/sections/feeds.ts),
 * written by `@astrojs/rss`. `rss.xml` is a reserved route segment (src/portal/validation.ts), so no category id
 * takes this path.
 */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { ARTICLE_SECTIONS } from '../../sections/articles';
import { FEED_SECTIONS, feedItems } from '../../sections/feeds';
import { COMPANY } from '../../site/company';

export const getStaticPaths = () => FEED_SECTIONS.map((key) => ({ params: { section: ARTICLE_SECTIONS[key].path }, props: { key } }));

/** The feed: channel title `公司新聞 | 和泰產險`, the section's introduction, zh-TW, its items (feedItems). */
export async function GET({ props, site }: APIContext<{ key: (typeof FEED_SECTIONS)[number] }>): Promise<Response> {
  if (!site) throw new Error('Feeds need the site URL (SITE_URL, astro.config `site`).');
  const section = ARTICLE_SECTIONS[props.key];
  return rss({
    title: `${section.title} | ${COMPANY.shortName}`,
    description: section.intro,
    site,
    items: await feedItems(props.key, site),
    customData: '<language>zh-TW</language>',
    trailingSlash: false,
  });
}
