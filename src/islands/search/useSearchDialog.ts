/**
 * The behaviour of the search overlay's modal `<dialog>` (REFERENCE.md "Page frame" → search overlay; REFERENCE.md "Widget states"), kept apart
 * from its markup (src/islands/SearchOverlay.tsx).
 *
 * `useSearchDialog()` → `{ dialog, input, query, onClose, onSubmit, onDialogClick }`:
 * - `dialog`, `input`: refs for the `<dialog>` and its search box.
 * - `query`: the box's text ($searchQuery).
 * - Opening: a plain left click on any `[data-search-trigger]` (the header's search link, which goes to /search
 *   until this island has loaded, and without JavaScript) opens the overlay instead of following the link; a
 *   modified click (a new tab) is left to the link. A click held while the island was loading (its `client:intent`
 *   directive, src/browser/intent-directive.ts) opens it as soon as it mounts. `openSearch()` (src/stores/search.ts)
 *   opens it too. The dialog
 *   follows $searchOpen: showModal (focus on the box) or close. Coming back to the page from the back/forward cache
 *   is a route change (REFERENCE.md "Widget states"): it closes.
 * - `onClose`: the dialog closed (Escape, the close button, a submit, the store): the store follows, and focus goes
 *   back to what opened it (the trigger, or what had the focus), if it is still in the page.
 * - `onSubmit`: goes to /search?q={query} (submitSearch closes and clears); an empty query keeps the box focused.
 * - `onDialogClick`: a click on the backdrop closes the overlay.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type MouseEvent as ReactMouseEvent, type SubmitEvent } from 'react';
import { isPlainClick, takePendingIntent } from '../../browser/intent';
import { $searchOpen, $searchQuery, closeSearch, openSearch, SEARCH_TRIGGER, submitSearch } from '../../stores/search';

export function useSearchDialog() {
  const open = useStore($searchOpen);
  const query = useStore($searchQuery);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) {
        return; // a modified click opens /search in a new tab as the link says
      }
      const link = event.target instanceof Element ? event.target.closest<HTMLElement>(SEARCH_TRIGGER) : null;
      if (!link) return;
      event.preventDefault();
      trigger.current = link;
      openSearch();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) closeSearch();
    };
    document.addEventListener('click', onClick);
    window.addEventListener('pageshow', onPageShow);
    // A click that came before this island had loaded (held by its client:intent directive) opens it now.
    const pending = takePendingIntent(SEARCH_TRIGGER);
    if (pending) {
      trigger.current = pending;
      openSearch();
    }
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      trigger.current ??= document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      input.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  /** The dialog closed (Escape, the close button, a submit, the store): sync the store, give focus back. */
  const onClose = () => {
    closeSearch();
    const back = trigger.current;
    trigger.current = null;
    if (back?.isConnected) back.focus();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitSearch() === null) input.current?.focus();
  };

  /** A click on the dialog element itself is a click on its backdrop (the panel covers the rest). */
  const onDialogClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) closeSearch();
  };

  return { dialog, input, query, onClose, onSubmit, onDialogClick };
}
