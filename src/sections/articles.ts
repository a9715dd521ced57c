/**
 * The article sections (news, events, winners, shares) share one list template and one detail template
 * (issue 2: "one template, not four copies"). This module describes each section and computes the static
 * paths of `/{section}/{category}/{page}` and `/{section}/detail/{id}` from its collections.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { LIST_PAGE_SIZE } from '../site/limits';
import { byPinnedThenNewest, inDisplayOrder } from '../lib/order';
import { paginate } from '../lib/paginate';
import { ARTICLE_SECTIONS, type ArticleCategoryCollection, type ArticleCollection, type ArticleSection, type SectionKey } from '../lib/article-sections';

/** The id of the pseudo-category that lists every item (spec §2 redirects: `/{section}/all`). */
export const ALL_CATEGORY = 'all';

// The sections themselves are plain data (src/lib/article-sections.ts), which the build pipeline reads too.
export { ARTICLE_SECTIONS, type ArticleCategoryCollection, type ArticleCollection, type ArticleSection, type SectionKey } from '../lib/article-sections';

export type Article = CollectionEntry<ArticleCollection>['data'];
export type ArticleCategory = CollectionEntry<ArticleCategoryCollection>['data'];

/** A section's items in display order (src/lib/order.ts byPinnedThenNewest): pinned (isTop) first, then newest first, then by id. */
export async function sortedArticles(section: ArticleSection): Promise<Article[]> {
  const entries = await getCollection(section.collection);
  return entries.map((entry) => entry.data as Article).sort(byPinnedThenNewest);
}

/** A section's categories in display order (sort, then id). */
export async function sortedCategories(section: ArticleSection): Promise<ArticleCategory[]> {
  const entries = await getCollection(section.categories);
  return inDisplayOrder(entries.map((entry) => entry.data as ArticleCategory));
}

/** URL of a list page. */
export const listPath = (section: ArticleSection, category: string, page = 1): string =>
  `/${section.path}/${encodeURIComponent(category)}/${page}`;

/** URL of an item: its detail page, or its own link for sections without details (events). */
export const itemHref = (section: ArticleSection, item: Article): string =>
  section.hasDetail || !item.link ? `/${section.path}/detail/${encodeURIComponent(item.id)}` : item.link;

export interface ListPageProps {
  sectionKey: SectionKey;
  category: string;
  page: number;
  totalPages: number;
  items: Article[];
  tabs: { label: string; href: string; current: boolean }[];
  categoryName: string;
  categoryNames: Record<string, string>;
}

/**
 * Static paths of every list page of a section: `all` plus each category, pages 1..n.
 * Out: `{ params: { category, page }, props: ListPageProps }[]`.
 */
export async function articleListPaths(sectionKey: SectionKey) {
  const section: ArticleSection = ARTICLE_SECTIONS[sectionKey];
  const [items, categories] = await Promise.all([sortedArticles(section), sortedCategories(section)]);
  const groups = [
    { id: ALL_CATEGORY, name: '全部', items },
    ...categories.map((category) => ({
      id: category.id,
      name: category.name,
      items: items.filter((item) => item.categoryId === category.id),
    })),
  ];
  const categoryNames = Object.fromEntries(categories.map((category) => [category.id, category.name]));
  return groups.flatMap((group) => {
    // Pages of LIST_PAGE_SIZE items, page 1 even for an empty category (src/lib/paginate.ts, as coupons, videos, downloads).
    const pages = paginate(group.items, LIST_PAGE_SIZE);
    const tabs = groups.map((tab) => ({ label: tab.name, href: listPath(section, tab.id), current: tab.id === group.id }));
    return pages.map((pageItems, index) => {
      const page = index + 1;
      const props: ListPageProps = {
        sectionKey,
        category: group.id,
        page,
        totalPages: pages.length,
        items: pageItems,
        tabs,
        categoryName: group.name,
        categoryNames,
      };
      return { params: { category: group.id, page: String(page) }, props };
    });
  });
}

export interface DetailPageProps {
  sectionKey: SectionKey;
  item: Article;
  categoryName: string;
  previous?: Article;
  next?: Article;
}

/** Static paths of every detail page of a section: `{ params: { id }, props: DetailPageProps }[]`. */
export async function articleDetailPaths(sectionKey: SectionKey) {
  const section: ArticleSection = ARTICLE_SECTIONS[sectionKey];
  if (!section.hasDetail) return [];
  const [items, categories] = await Promise.all([sortedArticles(section), sortedCategories(section)]);
  const names = new Map(categories.map((category) => [category.id, category.name]));
  return items.map((item, index) => {
    const props: DetailPageProps = {
      sectionKey,
      item,
      categoryName: names.get(item.categoryId) ?? '',
      previous: items[index - 1],
      next: items[index + 1],
    };
    return { params: { id: item.id }, props };
  });
}
