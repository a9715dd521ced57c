/**
 * The system dialog of NotificationCenter (category 1, REFERENCE.md "Widget states" 系統公告): a native modal `<dialog>` (showModal, as
 * REFERENCE.md "Browser side" asks for modal dialogs) that neither Escape nor a click outside closes, only 確認, which then
 * follows the notification's nextUrl when it has one (through a real link click, so an external nextUrl gets the
 * external-link confirmation). Each dialog is confirmed once per visit (src/stores/notifications.ts
 * confirmSystemDialog); the next one due opens after it.
 */
import type { PortalNotification } from '../lib/notifications';
import { $confirmedDialogs, $notifications, confirmSystemDialog, pendingDialog } from '../stores/notifications';
import { fill, type Dates } from './notification-fill';

/** What the rest of the notification center asks of the dialog. */
export interface SystemDialog {
  /** Fills the dialog with the first notification due and opens it as a modal if it is not open yet. */
  render(): void;
}

/** Follows a link as if the visitor clicked it, so the external-link confirmation and the progress bar apply. */
function followLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Wires the dialog: close requests are refused (`cancel` prevented, `closedby="none"`, and a close that got past
 * them reopens it); 確認 closes it, records the confirmation, shows the next dialog due, and follows the nextUrl or,
 * without one, calls `afterConfirm` (the bell panel held back by the dialog may open now).
 * In: the `dialog[data-system-dialog]` element, the date helpers once loaded (undefined before), and what to do
 * after a confirmation without a link. Out: the SystemDialog.
 */
export function initSystemDialog(dialog: HTMLDialogElement, dates: () => Dates | undefined, afterConfirm: () => void): SystemDialog {
  let shownDialog: PortalNotification | undefined;
  let confirming = false;

  let opening = 0;

  /**
   * The first system dialog (category 1) not confirmed in this visit, as a modal, opened at the next frame: making
   * the page inert restyles every element of it (about 15–20 ms of main-thread time while the page loads, in
   * Chromium at a phone's width on a 2-core server), so it is done with the frame's own restyle, in a task of its
   * own, rather than forced in the middle of the task that received the answer.
   */
  const render = () => {
    const item = pendingDialog($notifications.get(), $confirmedDialogs.get());
    if (item) fill(dialog, item, dates());
    if (!item || dialog.open || opening) return;
    opening = requestAnimationFrame(() => {
      opening = 0;
      // The first one due then: another answer may have come in the meantime (its text is already filled in).
      const current = pendingDialog($notifications.get(), $confirmedDialogs.get());
      if (!current || dialog.open) return;
      shownDialog = current;
      confirming = false;
      // Close requests (Escape, the back gesture, a click outside) do nothing where the browser knows `closedby`.
      // Set here rather than in the markup: HTML checkers do not know the attribute yet.
      dialog.setAttribute('closedby', 'none');
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-confirm]')?.focus();
    });
  };

  dialog.addEventListener('cancel', (event) => event.preventDefault());
  // Only 確認 closes it: a close request that got past `cancel` (browsers may skip it) reopens the dialog.
  dialog.addEventListener('close', () => {
    if (!confirming && shownDialog) dialog.showModal();
  });
  dialog.querySelector('[data-confirm]')?.addEventListener('click', () => {
    if (!shownDialog) return;
    confirming = true;
    dialog.close();
    const next = confirmSystemDialog(shownDialog);
    shownDialog = undefined;
    render();
    if (next) followLink(next);
    else afterConfirm();
  });

  return { render };
}
