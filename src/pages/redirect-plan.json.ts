/**
 * `/redirect-plan.json`: the redirect plan computed from the loaded collections (src/lib/redirects.ts). Built as
 * a static file, read by the hosting integration (src/integrations/hosting.ts) at the end of the build to write
 * `_redirects`, the nginx include and the fallback pages, then removed from dist/. Not a page for visitors.
 */
import type { APIRoute } from 'astro';
import { getCollection, type CollectionKey } from 'astro:content';
import { ARTICLE_SECTIONS } from '../sections/articles';
import { inDisplayOrder } from '../lib/order';
import { redirectPlan, type RedirectData } from '../lib/redirects';

/** The ids the plan needs, each list in display order. */
async function redirectData(): Promise<RedirectData> {
  const ids = (items: { id: string; sort?: number }[]) => inDisplayOrder(items).map((item) => item.id);
  const data = async (name: CollectionKey) =>
    (await getCollection(name)).map((entry) => entry.data as { id: string; sort?: number });
  const [decrees, areas, faqCategories, downloadCategories, downloads] = await Promise.all([
    data('decrees'),
    data('locationCategories'),
    data('faqCategories'),
    data('downloadCategories'),
    getCollection('downloads'),
  ]);
  const articleSections = await Promise.all(
    Object.values(ARTICLE_SECTIONS).map(async (section) => ({
      path: section.path,
      categoryIds: ids(await data(section.categories)),
    })),
  );
  return {
    decreeIds: ids(decrees),
    locationAreaIds: ids(areas),
    faqCategoryIds: ids(faqCategories),
    downloadCategories: inDisplayOrder(downloadCategories).map((category) => ({
      id: category.id,
      itemIds: ids(downloads.map((entry) => entry.data).filter((item) => item.category === category.id)),
    })),
    articleSections,
  };
}

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(redirectPlan(await redirectData()), null, 2), {
    headers: { 'Content-Type': 'application/json' },
  });
