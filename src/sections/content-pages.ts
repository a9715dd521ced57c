/**
 * In-repo content pages (collection `pages`, src/content/pages): the route of an entry, the side navigation and
 * the breadcrumb trail of its area (CONTENT_AREAS in src/site/navigation.ts).
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { CONTENT_AREAS, type AreaLink, type ContentAreaKey } from '../site/navigation';

/** One breadcrumb (as Breadcrumbs.astro takes it); the last one has no href. */
export interface Crumb {
  label: string;
  href?: string;
}

export type ContentPageEntry = CollectionEntry<'pages'>;

/** The route of a page entry: its id with a leading slash (`fair` → `/fair`). */
export const pagePath = (id: string): string => `/${id}`;

/** The entry of a route's page; fails the build naming the missing file. */
export async function getContentPage(id: string): Promise<ContentPageEntry> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`pages: no Markdown for /${id} (expected src/content/pages/${id}.md or ${id}/index.md)`);
  return entry;
}

/**
 * Static paths of a rest-parameter route below `prefix` (`fair` → /fair and /fair/{child}): the entry whose id is
 * the prefix gives `undefined` (the landing page), the others their remainder.
 */
export async function pathsUnder(prefix: string, param: string) {
  const entries = await getCollection('pages', (entry) => entry.id === prefix || entry.id.startsWith(`${prefix}/`));
  return entries.map((entry) => ({
    params: { [param]: entry.id === prefix ? undefined : entry.id.slice(prefix.length + 1) },
    props: { entry },
  }));
}

/** Side navigation of an area: its pages by `sort`, then the area's links to routes built elsewhere. */
export async function areaNav(area: ContentAreaKey): Promise<AreaLink[]> {
  const entries = await getCollection('pages', (entry) => entry.data.area === area);
  const own = entries
    .sort((a, b) => a.data.sort - b.data.sort || a.id.localeCompare(b.id))
    .map((entry) => ({ label: entry.data.navLabel ?? entry.data.title, href: pagePath(entry.id) }));
  return [...own, ...CONTENT_AREAS[area].extraLinks];
}

/** Breadcrumbs of a page: the area's trail (without the page itself), then the page's title. */
export function areaCrumbs(area: ContentAreaKey | undefined, path: string, title: string): Crumb[] {
  const trail = area ? CONTENT_AREAS[area].crumbs.filter((crumb) => crumb.href !== path) : [];
  return [...trail, { label: title }];
}
