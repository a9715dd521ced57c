/**
 * Behaviour of Header.astro and its MegaMenu.astro and SideMenu.astro (REFERENCE.md "Main menu", "Constants"): the active style after
 * TIMING.headerActiveScrollPx (300 px) of scroll; the main menu as a disclosure navigation (see initMenu); the side
 * menu is a modal <dialog> opened by the burger, closed by
 * its close button, a backdrop click, Escape, a back/forward-cache navigation or the desktop bar taking over (the burger
 * hidden: a wider window or a smaller font size), and closing returns focus to the burger.
 */
import { TIMING } from '../site/limits';

/**
 * Id of the header's last element (its icon sprite, Header.astro). SiteLayout's head names it in
 * `<link rel="expect" blocking="render">`, so that a browser paints nothing before the whole header is parsed: on a
 * slow machine the parser yields mid-header, and a header painted half-built (the main menu with three items, the
 * tools with one) moves when the rest arrives, a layout shift on every page (CLS 0, REFERENCE.md "Budgets"). Browsers without
 * the `expect` link paint as before; the main menu is placed so that a half-parsed one does not move (MegaMenu.astro).
 */
export const HEADER_END_ID = 'site-header-end';

export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');

  if (header) {
    // Active (compact + shadow) after TIMING.headerActiveScrollPx of scroll (REFERENCE.md "Page frame", "Constants").
    let frame = 0;
    const updateActive = (): void => {
      frame = 0;
      header.classList.toggle('is-active', window.scrollY > TIMING.headerActiveScrollPx);
    };
    window.addEventListener(
      'scroll',
      () => {
        if (!frame) frame = requestAnimationFrame(updateActive);
      },
      { passive: true },
    );
    // At the next frame, not now: reading scrollY while the page is still being laid out forces that layout early.
    frame = requestAnimationFrame(updateActive);

    initMenu(header);

    // Side menu: a modal <dialog> opened by the burger; closing returns focus to the burger.
    const burger = header.querySelector<HTMLButtonElement>('[data-burger]');
    const sideMenu = header.querySelector<HTMLDialogElement>('[data-side-menu]');
    if (burger && sideMenu) {
      burger.addEventListener('click', () => {
        sideMenu.showModal();
        burger.setAttribute('aria-expanded', 'true');
      });
      sideMenu.addEventListener('close', () => {
        burger.setAttribute('aria-expanded', 'false');
        burger.focus();
      });
      sideMenu.querySelector('[data-side-close]')?.addEventListener('click', () => sideMenu.close());
      // A click on the backdrop (outside the panel) closes the menu.
      sideMenu.addEventListener('click', (event) => {
        if (event.target === sideMenu) sideMenu.close();
      });
      // A page restored from the back/forward cache is a navigation too: it starts with the menu closed.
      window.addEventListener('pageshow', (event) => {
        if (event.persisted && sideMenu.open) sideMenu.close();
      });
      // Where the desktop bar takes over (a wider window, or a smaller font size: Header.astro's container query),
      // the burger is no longer displayed and the side menu goes away. Observing the burger's box follows that
      // stylesheet rule itself, not a copy of its breakpoint.
      new ResizeObserver(() => {
        if (sideMenu.open && burger.getClientRects().length === 0) sideMenu.close();
      }).observe(burger);
    }
  }
}

/** Links of a panel, in document order. */
const panelLinks = (panel: HTMLElement): HTMLAnchorElement[] => [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')];

/**
 * The main menu as a WAI-ARIA disclosure navigation (APG "Disclosure Navigation Menu": top-level items in the Tab
 * order, Escape closes and returns focus).
 *
 * Input: the header element holding `[data-menu-item]` items, each with a `[data-menu-toggle]` button
 * (aria-expanded, aria-controls) and its `[data-menu-panel]`. Marks the header `data-menu-js`, which switches the
 * stylesheet from its script-less fallback (panels open on :hover and :focus-within) to showing a panel only while
 * its button has aria-expanded="true". At most one panel is open.
 * - Enter or Space on a button toggles its panel (the button's own click); ArrowDown opens it and moves focus to
 *   its first link, ArrowUp to its last; ArrowLeft/ArrowRight, Home/End move among the top-level buttons.
 * - In a panel ArrowDown/ArrowUp move to the next/previous link, Home/End to the first/last.
 * - Escape closes the open panel and, when focus was in its item, returns focus to its button (WCAG 1.4.13 too).
 * - Focus leaving an item closes its panel (unless the mouse is over it); a pointer press outside closes it.
 * - A mouse hovering an item opens its panel and leaving closes it (unless a keyboard focus ring is inside); a mouse
 *   click keeps it open, a touch toggles.
 * No return value; no errors (a header without the menu is left alone).
 */
function initMenu(header: HTMLElement): void {
  const items = [...header.querySelectorAll<HTMLElement>('[data-menu-item]')].flatMap((item) => {
    const button = item.querySelector<HTMLButtonElement>('[data-menu-toggle]');
    const panel = item.querySelector<HTMLElement>('[data-menu-panel]');
    return button && panel ? [{ item, button, panel }] : [];
  });
  if (items.length === 0) return;
  header.setAttribute('data-menu-js', '');

  type Entry = (typeof items)[number];
  const isOpen = (entry: Entry): boolean => entry.button.getAttribute('aria-expanded') === 'true';
  const setOpen = (entry: Entry, open: boolean): void => {
    if (open) for (const other of items) if (other !== entry && isOpen(other)) setOpen(other, false);
    entry.button.setAttribute('aria-expanded', String(open));
  };
  const closeAll = (): void => {
    for (const entry of items) if (isOpen(entry)) setOpen(entry, false);
  };
  const focusButton = (index: number): void => items[(index + items.length) % items.length]?.button.focus();

  let lastPointer = '';
  items.forEach((entry, index) => {
    const { item, button, panel } = entry;

    button.addEventListener('pointerdown', (event) => {
      lastPointer = event.pointerType;
    });
    button.addEventListener('click', (event) => {
      // A keyboard click (Enter, Space) or a touch toggles; a mouse click on a hovered item keeps it open.
      const mouse = event.detail > 0 && lastPointer === 'mouse';
      setOpen(entry, mouse ? true : !isOpen(entry));
    });

    button.addEventListener('keydown', (event) => {
      const links = panelLinks(panel);
      const moves: Record<string, () => void> = {
        ArrowDown: () => {
          setOpen(entry, true);
          links[0]?.focus();
        },
        ArrowUp: () => {
          setOpen(entry, true);
          links.at(-1)?.focus();
        },
        ArrowRight: () => focusButton(index + 1),
        ArrowLeft: () => focusButton(index - 1),
        Home: () => focusButton(0),
        End: () => focusButton(items.length - 1),
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      move();
    });

    panel.addEventListener('keydown', (event) => {
      const links = panelLinks(panel);
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (at < 0) return;
      const target = {
        ArrowDown: links[Math.min(at + 1, links.length - 1)],
        ArrowUp: links[Math.max(at - 1, 0)],
        Home: links[0],
        End: links.at(-1),
      }[event.key];
      if (!target) return;
      event.preventDefault();
      target.focus();
    });

    item.addEventListener('focusout', (event) => {
      if (!item.contains(event.relatedTarget as Node | null) && !item.matches(':hover')) setOpen(entry, false);
    });
    item.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') setOpen(entry, true);
    });
    item.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse' && !item.querySelector(':focus-visible')) setOpen(entry, false);
    });
  });

  // Escape closes the open panel wherever focus is; focus inside its item goes back to its button.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = items.find(isOpen);
    if (!open) return;
    const hadFocus = open.item.contains(document.activeElement);
    setOpen(open, false);
    if (hadFocus) open.button.focus();
  });
  // A press outside the menu (a touch elsewhere on the page) closes it.
  document.addEventListener('pointerdown', (event) => {
    if (!items.some(({ item }) => item.contains(event.target as Node))) closeAll();
  });
}
