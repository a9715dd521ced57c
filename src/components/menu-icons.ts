/**
 * The icons the header's menus repeat (one symbol each instead of a copy per link, which made half of every page's
 * HTML): drawn once per page as `<symbol>`s of a hidden sprite (Header.astro) and shown with `<use>` (MenuIcon.astro).
 * 24×24, lines in currentColor; the sizes, opacity and motion come from the classes of the `<svg>` that uses them.
 */

/** Stroke width of every menu icon, in the sprite's user units (1/24 of the icon's size). */
const STROKE_WIDTH = 2;
/** The sprite's viewBox of every menu icon (24×24 user units). */
const VIEWBOX = '0 0 24 24';

/**
 * Per icon: its shapes (SVG markup, constants) and whether its lines have round caps and joins (the login icon
 * keeps square ends, as it always had).
 */
export const MENU_ICONS = {
  /** Turns when its section opens (main menu buttons, side menu sections). */
  chevron: { round: true, shapes: '<path d="m6 9 6 6 6-6"/>' },
  /** After an internal mega-menu link. */
  arrow: { round: true, shapes: '<path d="m9 6 6 6-6 6"/>' },
  /** After an external mega-menu link (opens in a new tab). */
  external: {
    round: true,
    shapes: '<path d="M14 4h6v6M20 4l-8.5 8.5M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>',
  },
  /** 會員登入 (header bar and side menu). */
  login: { round: false, shapes: '<circle cx="12" cy="8" r="3.8"/><path d="M4.5 20.5a7.5 7.5 0 0 1 15 0"/>' },
} as const;

/** Name of a menu icon. */
export type MenuIconName = keyof typeof MENU_ICONS;

/** Document id of an icon's symbol (`menu-icon-chevron`), referenced as `<use href="#menu-icon-chevron">`. */
export const menuIconId = (name: MenuIconName): string => `menu-icon-${name}`;

/**
 * The sprite's content: one `<symbol>` per icon, with its line style (currentColor, STROKE_WIDTH, round ends
 * where the icon has them), as SVG markup for a hidden `<svg>` (Header.astro). Computed once per build, not per page.
 */
export const MENU_ICON_SPRITE: string = (Object.keys(MENU_ICONS) as MenuIconName[])
  .map((name) => {
    const { round, shapes } = MENU_ICONS[name];
    const line = `fill="none" stroke="currentColor" stroke-width="${STROKE_WIDTH}"`;
    const ends = round ? ' stroke-linecap="round" stroke-linejoin="round"' : '';
    return `<symbol id="${menuIconId(name)}" viewBox="${VIEWBOX}" ${line}${ends}>${shapes}</symbol>`;
  })
  .join('');
