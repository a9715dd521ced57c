/**
 * The redirect plan of this build read from the content collections, for the pages' links (src/lib/site-links.ts):
 * the same plan the build pipeline writes into the host files (src/integrations/pipeline.ts planRedirects), from the
 * same lists read by the same rule (src/lib/redirects.ts redirectDataOf), so a link names exactly the target its
 * redirect would have sent the visitor to.
 *
 * Every page links through it (the header's menus, the footer, the dock), so a build computes it once, like the dock's
 * lists (src/sections/dock.ts); the dev server, whose content can change while it runs, computes it on each request.
 */
import { getCollection, type CollectionKey } from 'astro:content';
import { finalHref, PLAN_LISTS, redirectDataOf, redirectPlan, redirectTargets, type PlanItem } from '../lib/redirects';
import { navigationHrefs } from '../lib/site-links';

async function computeTargets(): Promise<Map<string, string>> {
  const lists = new Map(
    await Promise.all(
      PLAN_LISTS.map(async (name) => [name, (await getCollection(name as CollectionKey)).map((entry) => entry.data as unknown as PlanItem)] as const),
    ),
  );
  return redirectTargets(redirectPlan(redirectDataOf((name) => lists.get(name) ?? [])));
}

let cached: Promise<Map<string, string>> | undefined;

/**
 * The plan of this build as a from → to map (src/lib/redirects.ts redirectTargets); once per build (see above).
 * @returns the map; the collections' errors propagate
 */
export function linkTargets(): Promise<Map<string, string>> {
  if (import.meta.env.DEV) return computeTargets();
  cached ??= computeTargets();
  return cached;
}

/**
 * One internal link at its final URL (src/lib/redirects.ts finalHref over linkTargets).
 * @param href a link as the code writes it (`/faq`)
 * @returns the link to write (`/faq/1`)
 */
export async function siteHref(href: string): Promise<string> {
  return finalHref(href, await linkTargets());
}

/**
 * The final targets of the navigation model's links that are redirect sources (src/lib/site-links.ts
 * navigationHrefs), as `[href, target]` pairs: what every page's menus, footer and dock show that a content change
 * can move (a decree sorted first moves the target of 法令規章), so part of each page's cache key
 * (src/sections/cache-key.ts layoutKey).
 */
export async function navigationTargets(): Promise<[string, string][]> {
  const targets = await linkTargets();
  return navigationHrefs()
    .map((href): [string, string] => [href, finalHref(href, targets)])
    .filter(([href, target]) => href !== target);
}
