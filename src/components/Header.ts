/**
 * Behaviour of Header.astro (spec §2, §9): the active style after TIMING.headerActiveScrollPx (300 px) of scroll;
 * Escape dismisses an open mega-menu (WCAG 1.4.13); the side menu is a modal <dialog> opened by the burger, closed by
 * its close button, a backdrop click, Escape, a back/forward-cache navigation or growing past the desktop breakpoint,
 * and closing returns focus to the burger.
 */
import { TIMING } from '../site';

export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');

  if (header) {
    // Active (compact + shadow) after TIMING.headerActiveScrollPx of scroll (spec §2, §9).
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
    updateActive();

    // Escape dismisses an open mega-menu until the pointer or focus leaves its item (WCAG 1.4.13).
    for (const item of header.querySelectorAll<HTMLElement>('[data-menu-item]')) {
      item.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || item.hasAttribute('data-dismissed')) return;
        item.setAttribute('data-dismissed', '');
        item.querySelector<HTMLElement>('.menu-link')?.focus();
      });
      item.addEventListener('mouseleave', () => item.removeAttribute('data-dismissed'));
      item.addEventListener('focusout', (event) => {
        if (!item.contains(event.relatedTarget as Node | null)) item.removeAttribute('data-dismissed');
      });
    }

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
      // Growing past the desktop breakpoint shows the full menu, so the side menu goes away.
      window.matchMedia('(min-width: 1024px)').addEventListener('change', (event) => {
        if (event.matches && sideMenu.open) sideMenu.close();
      });
    }
  }
}
