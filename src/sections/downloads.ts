/**
 * Downloads (文件下載, REFERENCE.md "Routes" `/download/{category?}/{id?}/{pages?}`): the nesting category → item → paginated
 * files, the `none` pages, and the static paths and props of the download routes.
 *
 * - Categories and the items of a category are in display order (src/lib/order.ts: sort, then id); an item
 *   belongs to the category whose id equals its `category` (REFERENCE.md "Portal data": "Download items: category and id"); an item
 *   whose category does not exist has no page.
 * - Every item has pages `/download/{category}/{id}/1..n` of DOWNLOAD_PAGE_SIZE files (page 1 even without files).
 * - An item page's side navigation lists the block of DOWNLOAD_NAV_SIZE items of its category that holds the item,
 *   with links to the blocks before and after, so a page's size stays bounded however large a category grows
 *   (2,100 items in one category once made every page 639 KB).
 * - `/download/{category}/none` exists for each category without items, `/download/none` only when there is no
 *   category at all (REFERENCE.md "Redirects": the targets of `/download/{category}` and `/download` when there is nothing to
 *   show). With categories `/download` leads to the first one, so `/download/none` would be a page no visitor is
 *   sent to, yet published, indexed and in the sitemap: it is not built, and answers 404.
 * Links between download pages point at these pages directly, never at a redirect.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { categorySchema, downloadSchema } from '../portal/schemas';
import { DOWNLOAD_NAV_SIZE, DOWNLOAD_PAGE_SIZE } from '../site/limits';
import { inListOrder, type Sortable } from '../lib/order';
import { paginate } from '../lib/paginate';
import { NONE } from '../lib/redirects';

/** Collection data typed from the portal schemas. */
export type Download = z.output<typeof downloadSchema>;
export type DownloadCategory = z.output<typeof categorySchema>;
export type DownloadFile = Download['files'][number];

/** The fields the nesting reads: an item has an id, its category id and its files. */
export interface DownloadItemLike extends Sortable {
  category: string;
  files: readonly unknown[];
}

const segment = (value: string | number): string => encodeURIComponent(String(value));

/** `/download/{category}/{id}/{page}`. */
export const downloadPath = (category: string, id: string, page = 1): string => `/download/${segment(category)}/${segment(id)}/${page}`;

/** `/download/{category}/none`, or `/download/none` without a category. */
export const downloadNonePath = (category?: string): string =>
  category === undefined ? `/download/${NONE}` : `/download/${segment(category)}/${NONE}`;

/** A category with its items, both in display order. */
export interface DownloadBranch<C, I> {
  category: C;
  items: I[];
}

/** The categories in display order, each with its items in display order; items of unknown categories dropped. */
export function downloadTree<C extends Sortable, I extends DownloadItemLike>(categories: readonly C[], items: readonly I[]): DownloadBranch<C, I>[] {
  const sortedItems = inListOrder('downloads', items);
  return inListOrder('downloadCategories', categories).map((category) => ({
    category,
    items: sortedItems.filter((item) => item.category === category.id),
  }));
}

/** Where a category leads: page 1 of its first item, or its none page (REFERENCE.md "Routes"). */
export const categoryLandingPath = (branch: DownloadBranch<Sortable, Sortable>): string =>
  branch.items[0] ? downloadPath(branch.category.id, branch.items[0].id) : downloadNonePath(branch.category.id);

/** Where `/download` leads: the first category's landing page, or `/download/none` (REFERENCE.md "Redirects"). */
export const downloadLandingPath = (tree: readonly DownloadBranch<Sortable, Sortable>[]): string =>
  tree[0] ? categoryLandingPath(tree[0]) : downloadNonePath();

/** One page of an item's files. */
export interface DownloadFilePage<C, I extends DownloadItemLike> {
  category: C;
  item: I;
  /** 1-based. */
  page: number;
  totalPages: number;
  files: I['files'][number][];
}

/** Every file page of every item: for each category and item in display order, pages 1..n of `pageSize` files. */
export function downloadFilePages<C extends Sortable, I extends DownloadItemLike>(
  tree: readonly DownloadBranch<C, I>[],
  pageSize: number,
): DownloadFilePage<C, I>[] {
  return tree.flatMap(({ category, items }) =>
    items.flatMap((item) => {
      const pages = paginate(item.files as I['files'][number][], pageSize);
      return pages.map((files, index) => ({ category, item, page: index + 1, totalPages: pages.length, files }));
    }),
  );
}

/** The categories that get a `/download/{category}/none` page: those without items. */
export const emptyDownloadCategories = <C, I>(tree: readonly DownloadBranch<C, I>[]): C[] =>
  tree.filter((branch) => branch.items.length === 0).map((branch) => branch.category);

/** A link of the category tabs or of the item navigation. */
export interface DownloadNavLink {
  label: string;
  href: string;
  current: boolean;
  /** Files of an item (item navigation only). */
  count?: number;
}

/**
 * Where the side navigation's block of items stands in its category (1-based positions), and the first item of the
 * blocks before and after it.
 */
export interface DownloadNavBlock {
  first: number;
  last: number;
  total: number;
  previous?: string;
  next?: string;
}

/** Props of the download pages (src/layouts/DownloadPage.astro). */
export interface DownloadPageProps {
  /** `item`: a page of an item's files; `empty-category`: `/download/{category}/none`; `none`: `/download/none`. */
  kind: 'item' | 'empty-category' | 'none';
  categoryTabs: DownloadNavLink[];
  category?: DownloadCategory;
  /** The block of the category's items that holds the current item (second-level navigation); empty on the none pages. */
  itemLinks: DownloadNavLink[];
  /** Where that block stands (item pages only). */
  itemBlock?: DownloadNavBlock;
  item?: Download;
  page: number;
  totalPages: number;
  files: DownloadFile[];
}

/** The loaded tree (categories and items from the collections). */
export async function loadDownloadTree(): Promise<DownloadBranch<DownloadCategory, Download>[]> {
  const [categories, items] = await Promise.all([getCollection('downloadCategories'), getCollection('downloads')]);
  return downloadTree(
    categories.map((entry) => entry.data),
    items.map((entry) => entry.data),
  );
}

const tabsOf = (tree: readonly DownloadBranch<DownloadCategory, Download>[], current?: string): DownloadNavLink[] =>
  tree.map((branch) => ({ label: branch.category.name, href: categoryLandingPath(branch), current: branch.category.id === current }));

/** One block of item links, with where it stands; `current` is set per page. */
interface ItemBlock {
  links: (DownloadNavLink & { id: string })[];
  block: DownloadNavBlock;
}

/**
 * The category's items in blocks of `size` links (display order), each with its position and the first item of its
 * neighbouring blocks. In: a branch and the block size. Out: one ItemBlock per block (none for an empty category).
 */
export function itemBlocksOf(branch: DownloadBranch<Sortable, DownloadItemLike & { title: string }>, size: number): ItemBlock[] {
  const blocks = branch.items.length === 0 ? [] : paginate(branch.items, size);
  const firstOf = (index: number): string | undefined => {
    const item = blocks[index]?.[0];
    return item && downloadPath(branch.category.id, item.id);
  };
  return blocks.map((items, index) => ({
    links: items.map((item) => ({
      id: item.id,
      label: item.title,
      href: downloadPath(branch.category.id, item.id),
      current: false,
      count: item.files.length,
    })),
    block: {
      first: index * size + 1,
      last: index * size + items.length,
      total: branch.items.length,
      previous: firstOf(index - 1),
      next: firstOf(index + 1),
    },
  }));
}

/** Static paths of `/download/{category}/{id}/{page}`: `{ params: { category, id, page }, props }[]`. */
export async function downloadItemPaths() {
  const tree = await loadDownloadTree();
  // Blocks and positions computed once per category: a page's navigation is found in constant time, not by
  // scanning its category (linear in the category's size, so the build grew with its square).
  const blocks = new Map(tree.map((branch) => [branch.category.id, itemBlocksOf(branch, DOWNLOAD_NAV_SIZE)]));
  const positions = new Map(tree.flatMap((branch) => branch.items.map((item, index) => [item, index] as const)));
  const tabs = new Map(tree.map((branch) => [branch.category.id, tabsOf(tree, branch.category.id)]));
  return downloadFilePages(tree, DOWNLOAD_PAGE_SIZE).map(({ category, item, page, totalPages, files }) => {
    const position = positions.get(item)!;
    const { links, block } = blocks.get(category.id)![Math.floor(position / DOWNLOAD_NAV_SIZE)];
    const props: DownloadPageProps = {
      kind: 'item',
      categoryTabs: tabs.get(category.id)!,
      category,
      itemLinks: links.map(({ id, ...link }) => ({ ...link, current: id === item.id })),
      itemBlock: block,
      item,
      page,
      totalPages,
      files,
    };
    return { params: { category: category.id, id: item.id, page: String(page) }, props };
  });
}

/** Static paths of `/download/{category}/none`: one per category without items. */
export async function downloadEmptyCategoryPaths() {
  const tree = await loadDownloadTree();
  return emptyDownloadCategories(tree).map((category) => {
    const props: DownloadPageProps = {
      kind: 'empty-category',
      categoryTabs: tabsOf(tree, category.id),
      category,
      itemLinks: [],
      page: 1,
      totalPages: 1,
      files: [],
    };
    return { params: { category: category.id }, props };
  });
}

/**
 * Static paths of `/download/{none}` (src/pages/download/[none].astro): `/download/none` when there is no download
 * category (REFERENCE.md "Redirects": where `/download` then leads), with no tabs and nothing current; none at all otherwise.
 * In: the tree (downloadTree). Out: `[{ params: { none: 'none' }, props }]` or `[]`.
 */
export function downloadNonePaths(tree: readonly DownloadBranch<unknown, unknown>[]) {
  if (tree.length > 0) return [];
  const props: DownloadPageProps = { kind: 'none', categoryTabs: [], itemLinks: [], page: 1, totalPages: 1, files: [] };
  return [{ params: { none: NONE }, props }];
}

/**
 * Where a link to "the forms about X" leads: the landing page of the first category whose name contains
 * `keyword` (e.g. 變更 → 保單變更文件), else the landing page of `/download`.
 */
export function downloadLandingFor(tree: readonly DownloadBranch<Sortable & { name: string }, Sortable>[], keyword: string): string {
  const branch = tree.find((candidate) => candidate.category.name.includes(keyword));
  return branch ? categoryLandingPath(branch) : downloadLandingPath(tree);
}
