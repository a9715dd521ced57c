/**
 * The article sections (news, events, winners, shares) of the section registry (src/site/sections.ts), for the
 * helpers and the build pipeline (src/integrations/pipeline.ts: the redirect plan of REFERENCE.md "Redirects" `/{section}/{category}`),
 * which read them outside Astro's page modules. No content query here (src/sections/articles.ts does those).
 */
import type { ARTICLE_SECTIONS, ArticleSectionKey } from '../site/sections';

export { ALL_CATEGORY, ARTICLE_SECTIONS, type ArticleSection } from '../site/sections';

/** Keys of the article sections: `news`, `event`, `winner`, `share`. */
export type SectionKey = ArticleSectionKey;

/** Collections of the sections' items (`news`, `events`, …) and of their categories (`newsCategories`, …). */
export type ArticleCollection = (typeof ARTICLE_SECTIONS)[SectionKey]['list'];
export type ArticleCategoryCollection = (typeof ARTICLE_SECTIONS)[SectionKey]['categories'];
