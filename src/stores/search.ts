/**
 * State of the search overlay (REFERENCE.md "Page frame": "Search overlay", REFERENCE.md "Widget states"): whether it is open and the text in its box.
 * Components read the atoms with `useStore` and change them only through the actions below.
 * A page load starts closed and empty, which is the spec's "close on any route change" in a multi-page site.
 */
import { atom } from 'nanostores';
import { normalizeQuery, searchHref } from '../lib/search';

/**
 * The controls that open the overlay (the header's search link, `data-search-trigger`): the island listens for their
 * clicks, and its `client:intent` directive hydrates it on their first use (src/components/SearchOverlay.astro).
 */
export const SEARCH_TRIGGER = '[data-search-trigger]';

/** Whether the overlay is open. */
export const $searchOpen = atom(false);
/** The text in the overlay's search box. */
export const $searchQuery = atom('');

export function openSearch(): void {
  $searchOpen.set(true);
}

export function closeSearch(): void {
  $searchOpen.set(false);
}

export function setSearchQuery(query: string): void {
  $searchQuery.set(query);
}

/**
 * Submits the box (REFERENCE.md "Widget states"): with a non-blank query, closes the overlay, clears the box and navigates to
 * `/search?q={query}`. Returns the URL navigated to, or null when the box held only white space (nothing changes).
 * @param navigate how to go to the URL (default: a page load)
 */
export function submitSearch(navigate: (url: string) => void = (url) => window.location.assign(url)): string | null {
  const query = normalizeQuery($searchQuery.get());
  if (query === '') return null;
  const url = searchHref(query);
  $searchOpen.set(false);
  $searchQuery.set('');
  navigate(url);
  return url;
}
