/**
 * The article sections (news, events, winners, shares, and any other `article` entry of the section registry,
 * src/site/sections.ts) share one list template and one detail template, and one page file each
 * (src/pages/[section]/[category]/[page].astro, src/pages/[section]/detail/[id].astro). This module computes the
 * static paths of `/{section}/{category}/{page}` and `/{section}/detail/{id}` of every article section from its
 * collections.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { inListOrder } from '../lib/order';
import { paginate } from '../lib/paginate';
import {
  ALL_CATEGORY,
  ARTICLE_SECTIONS,
  type ArticleCategoryCollection,
  type ArticleCollection,
  type ArticleSection,
  type SectionKey,
} from '../lib/article-sections';

// The sections themselves are plain data (src/site/sections.ts), which the build pipeline and the menu read too.
export { ALL_CATEGORY, ARTICLE_SECTIONS, type ArticleCategoryCollection, type ArticleCollection, type ArticleSection, type SectionKey };

/** The article sections' keys, in registry order. */
export const ARTICLE_SECTION_KEYS = Object.keys(ARTICLE_SECTIONS) as SectionKey[];

export type Article = CollectionEntry<ArticleCollection>['data'];
export type ArticleCategory = CollectionEntry<ArticleCategoryCollection>['data'];

/** A section's items in their list's display order (src/lib/order.ts; articles: pinned first, then newest first, then by id). */
export async function sortedArticles(section: ArticleSection): Promise<Article[]> {
  const list = section.list as ArticleCollection;
  const entries = await getCollection(list);
  return inListOrder(
    list,
    entries.map((entry) => entry.data as Article),
  );
}

/** A section's categories in their list's display order (sort, then id). */
export async function sortedCategories(section: ArticleSection): Promise<ArticleCategory[]> {
  const list = section.categories as ArticleCategoryCollection;
  const entries = await getCollection(list);
  return inListOrder(
    list,
    entries.map((entry) => entry.data as ArticleCategory),
  );
}

/** URL of a list page. */
export const listPath = (section: ArticleSection, category: string, page = 1): string => `/${section.path}/${encodeURIComponent(category)}/${page}`;

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
 * Static paths of every list page of a section: `all` plus each category, pages 1..n of the section's page size.
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
    // Pages of the section's page size, page 1 even for an empty category (src/lib/paginate.ts, as coupons, videos, downloads).
    const pages = paginate(group.items, section.pageSize);
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

/**
 * Static paths of the list pages of every article section, for the one page file
 * `src/pages/[section]/[category]/[page].astro`: `{ params: { section, category, page }, props: ListPageProps }[]`,
 * sections in registry order.
 */
export async function allArticleListPaths() {
  const perSection = await Promise.all(
    ARTICLE_SECTION_KEYS.map(async (key) =>
      (await articleListPaths(key)).map(({ params, props }) => ({ params: { section: ARTICLE_SECTIONS[key].path, ...params }, props })),
    ),
  );
  return perSection.flat();
}

/**
 * Static paths of the detail pages of every article section that has them, for the one page file
 * `src/pages/[section]/detail/[id].astro`: `{ params: { section, id }, props: DetailPageProps }[]`.
 */
export async function allArticleDetailPaths() {
  const perSection = await Promise.all(
    ARTICLE_SECTION_KEYS.map(async (key) =>
      (await articleDetailPaths(key)).map(({ params, props }) => ({ params: { section: ARTICLE_SECTIONS[key].path, ...params }, props })),
    ),
  );
  return perSection.flat();
}
