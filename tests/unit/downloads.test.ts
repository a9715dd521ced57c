/**
 * Download nesting (src/sections/downloads.ts, REFERENCE.md "Routes" `/download/{category?}/{id?}/{pages?}`) on edge data: no
 * categories, a category with no items, items of an unknown category, an item with more files than a page, a
 * category of thousands of items (its side navigation in blocks).
 */
import { describe, expect, it } from 'vitest';
import {
  categoryLandingPath,
  downloadFilePages,
  downloadLandingFor,
  downloadLandingPath,
  downloadNonePath,
  downloadPath,
  downloadTree,
  emptyDownloadCategories,
  itemBlocksOf,
} from '../../src/sections/downloads';

interface Cat {
  id: string;
  name: string;
  sort?: number;
}
interface Item {
  id: string;
  category: string;
  sort?: number;
  files: string[];
}

const files = (n: number, prefix = 'f') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

const categories: Cat[] = [
  { id: 'forms', name: '其他表單', sort: 3 },
  { id: 'claim', name: '理賠申請文件', sort: 1 },
  { id: 'empty', name: '保單變更文件', sort: 2 },
];
const items: Item[] = [
  { id: '10', category: 'claim', sort: 2, files: files(3) },
  { id: '2', category: 'claim', sort: 1, files: files(23) },
  { id: '7', category: 'forms', files: [] },
  { id: '99', category: 'gone', files: files(1) },
];

describe('downloadTree', () => {
  it('orders categories and items (sort, then id), drops items of unknown categories', () => {
    const tree = downloadTree(categories, items);
    expect(tree.map((branch) => [branch.category.id, branch.items.map((item) => item.id)])).toEqual([
      ['claim', ['2', '10']],
      ['empty', []],
      ['forms', ['7']],
    ]);
  });

  it('is empty without categories, whatever the items', () => {
    expect(downloadTree([], items)).toEqual([]);
  });
});

describe('downloadFilePages', () => {
  const tree = downloadTree(categories, items);

  it('paginates each item’s files and gives an item without files its page 1', () => {
    const pages = downloadFilePages(tree, 10).map((page) => ({
      path: downloadPath(page.category.id, page.item.id, page.page),
      totalPages: page.totalPages,
      files: page.files,
    }));
    expect(pages).toEqual([
      { path: '/download/claim/2/1', totalPages: 3, files: files(23).slice(0, 10) },
      { path: '/download/claim/2/2', totalPages: 3, files: files(23).slice(10, 20) },
      { path: '/download/claim/2/3', totalPages: 3, files: files(23).slice(20) },
      { path: '/download/claim/10/1', totalPages: 1, files: files(3) },
      { path: '/download/forms/7/1', totalPages: 1, files: [] },
    ]);
  });

  it.each([
    [10, 10, 1],
    [11, 10, 2],
    [20, 10, 2],
    [0, 10, 1],
    [5, 1, 5],
  ])('%i files at %i a page → %i pages', (count, size, expected) => {
    const pages = downloadFilePages(downloadTree([{ id: 'c', name: 'c' }], [{ id: 'i', category: 'c', files: files(count) }]), size);
    expect(pages).toHaveLength(expected);
    expect(pages.flatMap((page) => page.files)).toEqual(files(count));
  });

  it('has no pages without categories', () => {
    expect(downloadFilePages(downloadTree([], items), 10)).toEqual([]);
  });
});

describe('none pages and landing paths', () => {
  it('gives a none page to each category without items', () => {
    expect(emptyDownloadCategories(downloadTree(categories, items)).map((category) => category.id)).toEqual(['empty']);
  });

  it.each([
    ['all categories with items', categories, items, '/download/claim/2/1'],
    ['first category empty', [{ id: 'empty', name: '空', sort: 0 }, ...categories], items, '/download/empty/none'],
    ['no categories', [], items, '/download/none'],
  ])('/download leads to page 1 of the first item, else the none page: %s', (_name, cats, its, expected) => {
    expect(downloadLandingPath(downloadTree(cats as Cat[], its))).toBe(expected);
  });

  it('a category leads to its first item or its none page', () => {
    const tree = downloadTree(categories, items);
    expect(tree.map(categoryLandingPath)).toEqual(['/download/claim/2/1', '/download/empty/none', '/download/forms/7/1']);
  });

  it('finds the forms of a topic by category name, else the /download landing', () => {
    const tree = downloadTree(categories, items);
    expect(downloadLandingFor(tree, '變更')).toBe('/download/empty/none');
    expect(downloadLandingFor(tree, '表單')).toBe('/download/forms/7/1');
    expect(downloadLandingFor(tree, '不存在')).toBe('/download/claim/2/1');
    expect(downloadLandingFor([], '變更')).toBe('/download/none');
  });

  it.each([
    [undefined, '/download/none'],
    ['claim', '/download/claim/none'],
    ['理賠 文件', '/download/%E7%90%86%E8%B3%A0%20%E6%96%87%E4%BB%B6/none'],
  ])('downloadNonePath(%j) = %j', (category, expected) => {
    expect(downloadNonePath(category)).toBe(expected);
  });

  it('encodes each segment of an item path', () => {
    expect(downloadPath('a/b', 'c d', 2)).toBe('/download/a%2Fb/c%20d/2');
  });
});

describe('itemBlocksOf (side navigation of a large category)', () => {
  const big = {
    category: { id: 'forms' },
    items: Array.from({ length: 2_100 }, (_, i) => ({ id: String(i + 1), title: `表單 ${i + 1}`, category: 'forms', files: files(i % 3) })),
  };

  it('splits 2,100 items into blocks of the given size, each knowing its place and its neighbours', () => {
    const blocks = itemBlocksOf(big, 15);
    expect(blocks).toHaveLength(140);
    expect(blocks.every((block) => block.links.length === 15)).toBe(true);
    expect(blocks[0].block).toEqual({ first: 1, last: 15, total: 2_100, previous: undefined, next: downloadPath('forms', '16') });
    expect(blocks[1].block).toEqual({ first: 16, last: 30, total: 2_100, previous: downloadPath('forms', '1'), next: downloadPath('forms', '31') });
    expect(blocks[139].block).toMatchObject({ first: 2_086, last: 2_100, next: undefined });
    expect(blocks[2].links[0]).toEqual({ id: '31', label: '表單 31', href: downloadPath('forms', '31'), current: false, count: 0 });
  });

  it('keeps a short last block and gives an empty category no block', () => {
    const blocks = itemBlocksOf({ ...big, items: big.items.slice(0, 17) }, 15);
    expect(blocks.map((block) => block.links.length)).toEqual([15, 2]);
    expect(blocks[1].block).toMatchObject({ first: 16, last: 17, total: 17, next: undefined });
    expect(itemBlocksOf({ ...big, items: [] }, 15)).toEqual([]);
  });
});
