/**
 * The header's menu model (REFERENCE.md "Page frame" → Header, "Main menu"; REFERENCE.md "Layers": the header's menus come from
 * one menu model): MAIN_MENU and HEADER_LINKS of src/site/navigation.ts resolved for one page, so that the desktop
 * mega-menus (MegaMenu.astro) and the phone side menu (SideMenu.astro) render the same sections, groups and links from
 * one value instead of each reading the menus and working out external links, the current page and the current section
 * on its own.
 *
 * Pure: no Astro, no DOM. Inputs are the page's path and the menus; nothing is thrown.
 */
import { HEADER_LINKS, MAIN_MENU, type MainMenuItem, type MenuLink } from '../site/navigation';
import { isExternal } from './assets';

/** Where a link goes, as an anchor needs it. */
export interface MenuTarget {
  href: string;
  /** An http(s) URL: opens in a new tab with the （另開新視窗） hint. */
  external: boolean;
  /** An internal link to the page being rendered (trailing slashes ignored): aria-current="page". */
  current: boolean;
}

/** A menu link: its label, target, and for online-insurance products a description and a quote-site target. */
export interface MenuEntry extends MenuTarget {
  label: string;
  /** One-line description (online-insurance products). */
  description?: string;
  /** 立即投保 target on the external online-insurance site. */
  quote?: MenuTarget;
}

/** A group of a section: its title and links; `products` when its links carry descriptions (product tiles). */
export interface MenuSectionGroup {
  title: string;
  products: boolean;
  links: MenuEntry[];
}

/** A top-level item of the main menu. */
export interface MenuSection {
  label: string;
  /**
   * The section holding the current page: the item with the longest internal href prefix of the path (else one
   * sharing its first path segment); ties go to the later item (a product detail page belongs to 商品介紹 rather
   * than 網路投保). At most one section is current.
   */
  current: boolean;
  /** The item's landing page when none of its groups links to it (the panel's 「…總覽」 link), else undefined. */
  overview?: MenuEntry;
  groups: MenuSectionGroup[];
}

/** Everything the header renders: the main menu's sections and the header links. */
export interface HeaderMenu {
  /** The page is the home page (the logos carry aria-current="page"). */
  homeCurrent: boolean;
  sections: MenuSection[];
  financeFriendly: MenuEntry;
  english: MenuEntry;
  memberLogin: MenuEntry;
}

/** A path without its trailing slashes (the root stays `/`). */
const normalize = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/**
 * How well a menu item matches the path: the longest internal href that is the path or a prefix of it (its length
 * + 1), else 1 when an internal href shares the path's first segment, else 0.
 */
function sectionScore(item: MainMenuItem, path: string): number {
  const hrefs = [item.href, ...item.groups.flatMap((g) => g.links.map((l) => l.href))].filter((h) => !isExternal(h));
  let best = 0;
  for (const raw of hrefs) {
    const href = normalize(raw);
    if (path === href || path.startsWith(`${href}/`)) best = Math.max(best, href.length + 1);
    else if (firstSegment(href) !== '' && firstSegment(href) === firstSegment(path)) best = Math.max(best, 1);
  }
  return best;
}

/**
 * The header's menus resolved for one page.
 *
 * @param pathname the page's URL path (`/news/detail/1`, with or without a trailing slash)
 * @param menu the main menu (default MAIN_MENU)
 * @param links the header links (default HEADER_LINKS)
 * @returns sections in menu order with their groups and links, and the three header links; see HeaderMenu
 */
export function headerMenu(pathname: string, menu: readonly MainMenuItem[] = MAIN_MENU, links: typeof HEADER_LINKS = HEADER_LINKS): HeaderMenu {
  const path = normalize(pathname);
  const target = (href: string): MenuTarget => {
    const external = isExternal(href);
    return { href, external, current: !external && normalize(href) === path };
  };
  const entry = (link: MenuLink): MenuEntry => ({
    label: link.label,
    ...target(link.href),
    ...(link.description ? { description: link.description } : {}),
    ...(link.quote ? { quote: target(link.quote) } : {}),
  });

  let currentIndex = -1;
  let currentScore = 0;
  menu.forEach((item, index) => {
    const score = sectionScore(item, path);
    if (score > 0 && score >= currentScore) {
      currentIndex = index;
      currentScore = score;
    }
  });

  const sections = menu.map(
    (item, index): MenuSection => ({
      label: item.label,
      current: index === currentIndex,
      overview: item.groups.some((g) => g.links.some((l) => l.href === item.href)) ? undefined : entry({ label: item.label, href: item.href }),
      groups: item.groups.map((group) => ({
        title: group.title,
        products: group.links.some((l) => l.description),
        links: group.links.map(entry),
      })),
    }),
  );

  return {
    homeCurrent: path === '/',
    sections,
    financeFriendly: entry(links.financeFriendly),
    english: entry(links.english),
    memberLogin: entry(links.memberLogin),
  };
}

/**
 * The attributes of an anchor to a menu target, in the order the header has always written them: an external link
 * gets `target="_blank"` and `rel="noopener noreferrer"`; an internal one `aria-current="page"` when it is the
 * current page (undefined attributes are left out by Astro).
 */
export function anchorAttributes(to: MenuTarget): Record<string, string | undefined> {
  return to.external
    ? { href: to.href, target: '_blank', rel: 'noopener noreferrer' }
    : { href: to.href, 'aria-current': to.current ? 'page' : undefined };
}
