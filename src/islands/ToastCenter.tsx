/**
 * Toasts (REFERENCE.md "Failures"): success, warning, info and error messages TOAST.offsetPx (100 px) below the top of the window,
 * each for TOAST.durationMs (paused while pointed at or focused), closable with ×. A toast whose text is already
 * showing is not shown twice (src/stores/toasts.ts drops it). Mount it only on pages that raise toasts (the
 * forms): `<ToastCenter client:idle />`; anything on the page raises one with `showToast(type, text)`.
 *
 * Own code rather than a toast library: sonner, the obvious choice, costs about 9 KB gzip, which a form page
 * cannot carry within its JavaScript budget (REFERENCE.md "Budgets"), and it writes its stylesheet into the page at run time,
 * which the hash-based Content Security Policy (REFERENCE.md "Browser side") would block. Styles: src/styles/widgets.css.
 *
 * Accessibility: a polite live region announces success and info, an assertive one (role=alert) warnings and
 * errors; toasts never take focus.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { TOAST } from '../site/limits';
import { TOAST_TEXT } from '../site/texts/toasts';
import { $toasts, dismissToast, type Toast } from '../stores/toasts';

/** Icon paths per type (24×24, stroked). */
const ICONS: Record<Toast['type'], string> = {
  success: 'M20 6 9 17l-5-5',
  info: 'M12 11v6M12 7.5h.01',
  warning: 'M12 8.5v4.5M12 16.5h.01',
  error: 'M15 9l-6 6M9 9l6 6',
};

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST.durationMs);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the toast's timer, as focus does (WCAG 2.2.1).
    <div
      className={`toast toast--${toast.type}`}
      data-toast={toast.type}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" />
        <path d={ICONS[toast.type]} />
      </svg>
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="toast__close" aria-label={TOAST_TEXT.close} onClick={() => dismissToast(toast.id)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M7 7l10 10M17 7 7 17" />
        </svg>
      </button>
    </div>
  );
}

export default function ToastCenter() {
  const toasts = useStore($toasts);
  const urgent = toasts.filter((toast) => toast.type === 'warning' || toast.type === 'error');
  const calm = toasts.filter((toast) => toast.type === 'success' || toast.type === 'info');
  return (
    // TOAST.offsetPx from the top: widgets.css (.toasts), no inline style (CSP).
    <section className="toasts" aria-label={TOAST_TEXT.region}>
      <div className="toasts__list" role="alert">
        {urgent.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className="toasts__list" role="status">
        {calm.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}
