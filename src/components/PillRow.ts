/**
 * Behaviour of the sideways-scrolling pill rows (CategoryTabs.astro `[data-category-tabs]`, SectionNav.astro
 * `[data-section-nav]`): on phones, where a row is wider than the screen, its current pill (`aria-current="page"`)
 * is brought to the middle of the row without moving the page vertically.
 *
 * The sizes are read in a ResizeObserver's first callback, which the browser calls once it has laid the page out,
 * not in the layout's module script: reading `scrollWidth` there forced the whole page's style and layout inside
 * that script's task, one long task on a slow phone (Lighthouse's Total Blocking Time).
 */
export function initPillRows(): void {
  const rows = [...document.querySelectorAll<HTMLElement>('[data-category-tabs] ul, [data-section-nav] ul')].filter((list) =>
    list.querySelector('[aria-current="page"]'),
  );
  if (rows.length === 0 || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      observer.unobserve(target);
      const list = target as HTMLElement;
      const current = list.querySelector<HTMLElement>('[aria-current="page"]');
      if (current && list.scrollWidth > list.clientWidth) {
        list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
      }
    }
  });
  for (const list of rows) observer.observe(list);
}
