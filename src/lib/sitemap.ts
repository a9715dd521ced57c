/** The sitemap groups of the search overlay (REFERENCE.md "Page frame"), derived from MAIN_MENU by SITEMAP_GROUP_TITLES. */
import { MAIN_MENU, SITEMAP_GROUP_TITLES, type MainMenuItem, type MenuGroup, type MenuLink } from '../site/navigation';

/**
 * One group per title, in the titles' order: a title naming a menu item gets all the item's links (its groups
 * flattened); a title naming a group inside an item gets that group's links. Throws on a title that names neither,
 * so a renamed menu fails the build instead of silently dropping a group.
 */
export function sitemapGroups(titles: readonly string[] = SITEMAP_GROUP_TITLES, menu: readonly MainMenuItem[] = MAIN_MENU): MenuGroup[] {
  return titles.map((title) => {
    const item = menu.find((candidate) => candidate.label === title);
    const links: readonly MenuLink[] | undefined = item
      ? item.groups.flatMap((group) => group.links)
      : menu.flatMap((candidate) => candidate.groups).find((group) => group.title === title)?.links;
    if (!links) throw new Error(`Sitemap: no main-menu item or group is titled ${title}.`);
    return { title, links };
  });
}
