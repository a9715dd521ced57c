/**
 * Behaviour of Dock.astro: each `[data-dock-toggle]` button opens the panel it controls (aria-controls) and closes
 * the others. Escape or a panel's close button closes it and returns focus to its button; a click outside the
 * dock closes it; so does a navigation back to a page kept in the back/forward cache.
 */
export function initDock(): void {
  const dock = document.querySelector<HTMLElement>('[data-dock]');
  if (!dock) return;
  const toggles = [...dock.querySelectorAll<HTMLButtonElement>('[data-dock-toggle]')];
  const panelOf = (toggle: HTMLButtonElement) => document.getElementById(toggle.getAttribute('aria-controls') ?? '');

  const setOpen = (toggle: HTMLButtonElement, open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    const panel = panelOf(toggle);
    if (panel) panel.hidden = !open;
  };
  const openToggle = () => toggles.find((toggle) => toggle.getAttribute('aria-expanded') === 'true');
  const closeAll = () => toggles.forEach((toggle) => setOpen(toggle, false));

  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      const opening = toggle.getAttribute('aria-expanded') !== 'true';
      closeAll();
      if (opening) setOpen(toggle, true);
    });
    panelOf(toggle)
      ?.querySelector('[data-dock-close]')
      ?.addEventListener('click', () => {
        setOpen(toggle, false);
        toggle.focus();
      });
  }

  dock.addEventListener('keydown', (event) => {
    const open = openToggle();
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(open, false);
    open.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    if (openToggle() && !dock.contains(event.target as Node | null)) closeAll();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) closeAll();
  });
}
