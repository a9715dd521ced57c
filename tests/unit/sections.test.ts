/**
 * The section registry (src/site/sections.ts): every section has its portal list (endpoint, schema, order), its
 * routes (the page files and their getStaticPaths over the sample portal's data), its sample data, its landing
 * redirect (the build pipeline's redirect plan over the same data), its menu link and sitemap entry, and the
 * reference check of its categories. A new entry that misses one of them fails here, naming the section.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'astro/zod';
import { ENDPOINTS, inSpec, type EndpointName } from '../../src/portal/endpoints';
import { LIST_ORDERS, PORTAL_LISTS, PORTAL_LIST_NAMES, type PortalListName } from '../../src/portal/lists';
import { parseList } from '../../src/portal/check-list';
import { REFERENCES } from '../../src/portal/validation';
import { ALL_CATEGORY, ARTICLE_SECTIONS, SECTION_ENTRIES, sectionHome, type Section } from '../../src/site/sections';
import { MAIN_MENU } from '../../src/site/navigation';
import { sitemapGroups } from '../../src/lib/sitemap';
import { ORDERS, inListOrder } from '../../src/lib/order';
import { planRedirects } from '../../src/integrations/pipeline';
import { allArticleDetailPaths, allArticleListPaths } from '../../src/sections/articles';
import { couponDetailPaths, couponListPaths } from '../../src/sections/coupons';
import { videoListPaths } from '../../src/sections/videos';
import { buildDataset } from '../../scripts/sample-portal/data.mjs';

// The content collections, as the build loads them from the sample portal: each list parsed with its schema.
vi.mock('astro:content', async () => {
  const { buildDataset: dataset } = await import('../../scripts/sample-portal/data.mjs');
  const lists = await import('../../src/portal/lists');
  const loader = await import('../../src/portal/check-list');
  const { lists: sample } = dataset() as { lists: Record<string, unknown[]> };
  const parsed = new Map(
    lists.PORTAL_LIST_NAMES.map((name) => [name, loader.parseList(name, lists.PORTAL_LISTS[name] as z.ZodType, sample[name] ?? [])]),
  );
  return { getCollection: async (name: string) => parsed.get(name as PortalListName) ?? [] };
});

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { lists: sample } = buildDataset() as { lists: Record<string, { id: string | number; categoryId?: unknown }[]> };

let plan: Map<string, string> | undefined;
/** The build pipeline's redirect plan over the sample lists (src/integrations/pipeline.ts planRedirects), from → to. */
function samplePlan(): Map<string, string> {
  if (plan) return plan;
  const records = PORTAL_LIST_NAMES.map((list) => ({
    list,
    endpoint: list,
    items: sample[list]?.length ?? 0,
    source: 'live',
    fetchedAt: '',
    ageHours: 0,
    entries: parseList(list, PORTAL_LISTS[list] as z.ZodType, sample[list] ?? []).map(({ id, data }) => ({ id, data })),
  }));
  plan = new Map(planRedirects(records as never).map((redirect) => [redirect.from, redirect.to]));
  return plan;
}

/** The portal lists of a section: its items and, for an article section, its categories. */
const listsOf = (section: Section): PortalListName[] =>
  (section.template === 'article' ? [section.list, section.categories] : [section.list]) as PortalListName[];

/** The built page paths of a section, from the getStaticPaths of its page files over the sample data. */
async function routesOf(section: Section): Promise<string[]> {
  const url = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;
  if (section.template === 'article') {
    const own = <T extends { params: { section: string } }>(paths: T[]) => paths.filter((path) => path.params.section === section.path);
    return [
      ...own(await allArticleListPaths()).map(({ params }) => url(params.section, params.category, params.page)),
      ...own(await allArticleDetailPaths()).map(({ params }) => url(params.section, 'detail', params.id)),
    ];
  }
  const [list, detail] = section.template === 'coupon' ? [couponListPaths, couponDetailPaths] : [videoListPaths, async () => []];
  return [
    ...(await list()).map(({ params }) => url(section.path, params.page)),
    ...(await detail()).map(({ params }: { params: { id: string } }) => url(section.path, 'detail', params.id)),
  ];
}

/** The page files a section's routes come from (relative to src/pages/). */
const pageFilesOf = (section: Section): string[] =>
  section.template === 'article'
    ? ['[section]/[category]/[page].astro', ...(section.hasDetail ? ['[section]/detail/[id].astro'] : [])]
    : [`${section.path}/[page].astro`, ...(section.hasDetail ? [`${section.path}/detail/[id].astro`] : [])];

describe.each(SECTION_ENTRIES)('section %s', (_name, section) => {
  it('has its portal lists: a GET endpoint of REFERENCE.md "Portal API", a schema and the declared order', () => {
    for (const list of listsOf(section)) {
      const endpoint = ENDPOINTS[list as EndpointName];
      expect([list, endpoint?.method, endpoint && inSpec(endpoint)]).toEqual([list, 'GET', true]);
      expect(PORTAL_LIST_NAMES).toContain(list);
      expect(ORDERS[LIST_ORDERS[list]], list).toBeTypeOf('function');
    }
    expect(LIST_ORDERS[section.list as PortalListName]).toBe(section.order);
  });

  it('has its page files, and no static folder of its own shadows the shared article routes', () => {
    for (const file of pageFilesOf(section)) expect(existsSync(`${ROOT}src/pages/${file}`), file).toBe(true);
    if (section.template === 'article') expect(existsSync(`${ROOT}src/pages/${section.path}`), `src/pages/${section.path}`).toBe(false);
  });

  it('has sample data in the sample portal, items in every category', () => {
    for (const list of listsOf(section)) expect(sample[list]?.length ?? 0, list).toBeGreaterThan(0);
    if (section.template === 'article') {
      const categories = new Set(sample[section.categories]!.map((category) => String(category.id)));
      for (const item of sample[section.list]!) expect(categories, `${section.list} ${item.id}`).toContain(String(item.categoryId));
    }
  });

  it('has its routes: the first list page, every category, and a detail page per item when it has details', async () => {
    const routes = await routesOf(section);
    expect(routes).toContain(sectionHome(section));
    if (section.template === 'article') {
      for (const category of sample[section.categories]!) expect(routes).toContain(`/${section.path}/${encodeURIComponent(String(category.id))}/1`);
    }
    const details = routes.filter((route) => route.startsWith(`/${section.path}/detail/`));
    expect(details).toHaveLength(section.hasDetail ? sample[section.list]!.length : 0);
    const pages = routes.filter(
      (route) => route.startsWith(`/${section.path}/${section.template === 'article' ? `${ALL_CATEGORY}/` : ''}`) && !route.includes('/detail/'),
    );
    expect(pages).toHaveLength(Math.max(1, Math.ceil(sample[section.list]!.length / section.pageSize)));
  });

  it('has its landing redirect in the redirect plan of the sample data', () => {
    const plan = samplePlan();
    expect(plan.get(`/${section.path}`)).toBe(sectionHome(section));
    if (section.template === 'article') expect(plan.get(`/${section.path}/${ALL_CATEGORY}`)).toBe(sectionHome(section));
  });

  it('has its link in its menu group and in the sitemap', () => {
    const link = { label: section.title, href: sectionHome(section) };
    const group = MAIN_MENU.flatMap((item) => item.groups).find((candidate) => candidate.title === section.menuGroup);
    expect(group?.links).toContainEqual(link);
    expect(sitemapGroups().flatMap((sitemapGroup) => sitemapGroup.links)).toContainEqual(link);
  });
});

describe.each(Object.entries(ARTICLE_SECTIONS))('article section %s', (_name, section) => {
  it('has the reference check of its categories', () => {
    expect(REFERENCES).toContainEqual({ list: section.list, field: 'categoryId', target: section.categories });
  });
});

describe('list orders (src/lib/order.ts)', () => {
  it('every portal list declares one', () => {
    expect(Object.keys(LIST_ORDERS).toSorted()).toEqual([...PORTAL_LIST_NAMES].toSorted());
  });

  it('every article section is in the article templates and the registry order', () => {
    expect(Object.keys(ARTICLE_SECTIONS)).toEqual(SECTION_ENTRIES.filter(([, s]) => s.template === 'article').map(([key]) => key));
  });

  it.each([
    [
      'videos',
      [
        { id: '2', date: new Date(1) },
        { id: '10', date: new Date(1) },
        { id: '1', date: new Date(2) },
      ],
      ['1', '10', '2'],
    ],
    [
      'faqs',
      [
        { id: '10', secondCategorySort: 1 },
        { id: '2', secondCategorySort: 1 },
        { id: '1', secondCategorySort: 2 },
      ],
      ['2', '10', '1'],
    ],
    ['staff', [{ id: '10' }, { id: '9' }], ['9', '10']],
    ['decrees', [{ id: '10', sort: 1 }, { id: '2', sort: 1 }, { id: '3' }], ['3', '2', '10']],
  ] as const)('%s in its declared order', (list, items, expected) => {
    expect(inListOrder(list, items as never as { id: string }[]).map((item) => item.id)).toEqual(expected);
  });
});
