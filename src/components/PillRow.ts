/**
 * Behaviour of the sideways-scrolling pill rows (CategoryTabs.astro `[data-category-tabs]`, SectionNav.astro
 * `[data-section-nav]`): on phones, where a row is wider than the screen, its current pill (`aria-current="page"`)
 * is brought to the middle of the row without moving the page vertically.
 */
export function initPillRows(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[data-category-tabs] ul, [data-section-nav] ul')) {
    const current = list.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    }
  }
}
