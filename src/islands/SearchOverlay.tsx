/**
 * Search and sitemap overlay (spec §2 "Global layout" → search overlay, §4; issue 4).
 *
 * A native modal `<dialog>` named 搜尋 (showModal: focus stays inside, Escape closes, focus returns to what opened
 * it) with a search box (placeholder 輸入關鍵字搜尋…) and, as children, the static recommended searches and sitemap
 * that src/components/SearchOverlay.astro renders. Submitting closes it, clears the box and goes to
 * /search?q={query}.
 *
 * Opened by a click on any `[data-search-trigger]` (the header's search link, which goes to /search until this
 * island has loaded, and without JavaScript), or by `openSearch()` from src/stores/search.ts. Clicking the
 * backdrop closes it; so does coming back to the page from the back/forward cache (a route change, spec §4).
 * Mounted once through SearchOverlay.astro with `client:idle`. State lives in the store; this component only
 * renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type MouseEvent as ReactMouseEvent, type ReactNode, type SubmitEvent } from 'react';
import { SEARCH_TEXT } from '../site/texts/search';
import { $searchOpen, $searchQuery, closeSearch, openSearch, setSearchQuery, submitSearch } from '../stores/search';

interface Props {
  /** The static part below the box: recommended searches and sitemap (rendered by SearchOverlay.astro). */
  children?: ReactNode;
}

export default function SearchOverlay({ children }: Props) {
  const open = useStore($searchOpen);
  const query = useStore($searchQuery);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return; // a modified click opens /search in a new tab as the link says
      }
      const link = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-search-trigger]') : null;
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

  return (
    <dialog
      ref={dialog}
      className="search-overlay"
      aria-label={SEARCH_TEXT.dialog}
      onClose={onClose}
      onClick={onDialogClick}
      data-search-overlay
    >
      <div className="search-overlay__panel">
        <div className="container search-overlay__inner">
          <div className="search-overlay__head">
            <form className="search-overlay__form" action="/search" method="get" role="search" onSubmit={onSubmit}>
              <label className="search-overlay__label" htmlFor="search-overlay-q">
                {SEARCH_TEXT.label}
              </label>
              <div className="search-overlay__row">
                <input
                  ref={input}
                  id="search-overlay-q"
                  name="q"
                  type="search"
                  value={query}
                  onChange={(event) => setSearchQuery(event.currentTarget.value)}
                  placeholder={SEARCH_TEXT.placeholder}
                  autoComplete="off"
                  enterKeyHint="search"
                />
                <button className="btn btn-primary" type="submit">
                  {SEARCH_TEXT.submit}
                </button>
              </div>
            </form>
            <button type="button" className="search-overlay__close" aria-label={SEARCH_TEXT.close} onClick={closeSearch}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18"></path>
              </svg>
            </button>
          </div>

          {children}
        </div>
      </div>
    </dialog>
  );
}
