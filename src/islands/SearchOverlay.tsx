/**
 * Search and sitemap overlay (REFERENCE.md "Page frame" → search overlay; REFERENCE.md "Widget states": it closes on any route change, and
 * submitting closes it, clears the box and goes to /search?q={query}).
 *
 * A native modal `<dialog>` named 搜尋 (showModal: focus stays inside, Escape closes, focus returns to what opened
 * it) with a search box (placeholder 輸入關鍵字搜尋…) and, as children, the static recommended searches and sitemap
 * that src/components/SearchOverlay.astro renders. Submitting closes it, clears the box and goes to
 * /search?q={query}.
 *
 * Opened by a click on any `[data-search-trigger]` (the header's search link, which goes to /search without
 * JavaScript), or by `openSearch()` from src/stores/search.ts. Clicking the backdrop closes it; so does coming back
 * to the page from the back/forward cache (a route change, REFERENCE.md "Widget states"). Mounted once through SearchOverlay.astro with
 * `client:intent`: loaded on the first use of a search link, whose first click then opens it. State lives in the store; the dialog's behaviour in
 * useSearchDialog (src/islands/search/useSearchDialog.ts); this component renders it.
 */
import type { ReactNode } from 'react';
import { SEARCH_TEXT } from '../site/texts/search';
import { closeSearch, setSearchQuery } from '../stores/search';
import { useSearchDialog } from './search/useSearchDialog';

interface Props {
  /** The static part below the box: recommended searches and sitemap (rendered by SearchOverlay.astro). */
  children?: ReactNode;
}

export default function SearchOverlay({ children }: Props) {
  const { dialog, input, query, onClose, onSubmit, onDialogClick } = useSearchDialog();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes the dialog; the keyboard closes it with Escape (native <dialog>).
    <dialog ref={dialog} className="search-overlay" aria-label={SEARCH_TEXT.dialog} onClose={onClose} onClick={onDialogClick} data-search-overlay>
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
