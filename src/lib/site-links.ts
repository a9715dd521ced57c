/**
 * The site's own links at their final URLs (REFERENCE.md "Redirects"): a link to a redirect source
 * (`/about/decree`, `/faq`, `/download`: targets that depend on the portal's data) is written as the source's final
 * target (`/about/decree/1`), so a visitor following a menu, footer or page link takes no redirect hop. The
 * navigation model (src/site/navigation.ts) names the spec's short paths; these functions map its links through the
 * redirect plan (src/lib/redirects.ts finalHref) for one build.
 *
 * Pure: the targets come in as a map (src/lib/redirects.ts redirectTargets; the pages get it from
 * src/sections/site-links.ts linkTargets). Nothing is thrown.
 */
import { CONTENT_AREAS, FOOTER_LINKS, HEADER_LINKS, HOME_SERVICES, MAIN_MENU, type MainMenuItem } from '../site/navigation';
import { isExternal } from './assets';
import { finalHref } from './redirects';

/**
 * Links with their `href` at its final URL (finalHref); every other field kept.
 * @param links any links (`{ href }` and more)
 * @param targets the plan as a from → to map
 * @returns new link objects, in order
 */
export function finalLinks<T extends { href: string }>(links: readonly T[], targets: ReadonlyMap<string, string>): T[] {
  return links.map((link) => ({ ...link, href: finalHref(link.href, targets) }));
}

/**
 * The main menu with every item's landing href and every link at its final URL (the header's mega menu and side
 * menu, src/lib/menu.ts headerMenu, and the search overlay's sitemap, src/lib/sitemap.ts).
 * @param targets the plan as a from → to map
 * @param menu the main menu (default MAIN_MENU)
 */
export function finalMenu(targets: ReadonlyMap<string, string>, menu: readonly MainMenuItem[] = MAIN_MENU): MainMenuItem[] {
  return menu.map((item) => ({
    ...item,
    href: finalHref(item.href, targets),
    groups: item.groups.map((group) => ({ ...group, links: finalLinks(group.links, targets) })),
  }));
}

/**
 * Every internal href of the navigation model (main menu, header and footer links, home services, the content
 * areas' crumbs and extra links), each once, in model order: the links every page may show, whose final targets are
 * part of each page's cache key (src/sections/cache-key.ts layoutKey).
 */
export function navigationHrefs(): string[] {
  const hrefs = [
    ...MAIN_MENU.flatMap((item) => [item.href, ...item.groups.flatMap((group) => group.links.map((link) => link.href))]),
    ...Object.values(HEADER_LINKS).map((link) => link.href),
    ...FOOTER_LINKS.map((link) => link.href),
    ...HOME_SERVICES.map((link) => link.href),
    ...Object.values(CONTENT_AREAS).flatMap((area) => [...area.crumbs, ...area.extraLinks].map((link) => link.href)),
  ];
  return [...new Set(hrefs.filter((href) => !isExternal(href)))];
}
