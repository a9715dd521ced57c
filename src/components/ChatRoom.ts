/**
 * Behaviour of ChatRoom.astro (REFERENCE.md "Widget states": "Chat room loads the chatbot frame on first open, then is kept"):
 * opens and closes the chat panel, and creates the chatbot frame the first time the panel shows on a page,
 * always with the same src (EXTERNAL.chatbot, never changed nor given a cache-busting query), so that what the
 * chatbot keeps in its own frame storage carries the conversation from page to page.
 *
 * The open state lives in $chatOpen (sessionStorage, this visit): a chat left open shows open again on the next
 * page, and on a page restored from the back/forward cache; closing it (close button, Escape, launcher) closes it
 * for the following pages. Only the visitor's own open moves focus into the panel; a restored panel takes no
 * focus, so the page's focus order (skip link first) is untouched.
 *
 * Phones: below CHAT_RESTORE_MIN_WIDTH_PX the panel spans the screen from the header to the dock bar. Shown again on
 * every page it would cover each page a phone visitor opens, so there a chat left open is restored collapsed: the
 * panel stays closed behind its launcher, the state stays "open" (a wider window shows it), and one tap on the
 * launcher brings the conversation back (same frame URL).
 */
import { CHAT_RESTORE_MIN_WIDTH_PX } from '../site/limits';
import { $chatOpen, closeChat, openChat } from '../stores/chat';

export function initChatRoom(): void {
  const launcher = document.querySelector<HTMLButtonElement>('[data-chat-launcher]');
  const room = document.querySelector<HTMLDialogElement>('[data-chat-room]');
  const body = room?.querySelector<HTMLElement>('[data-chat-body]');
  if (!launcher || !room || !body) return;
  const wide = window.matchMedia(`(min-width: ${CHAT_RESTORE_MIN_WIDTH_PX}px)`);

  /** Shows the panel, with its frame; `takeFocus` for the visitor's own open (focus moves to the close button). */
  const show = (takeFocus: boolean) => {
    if (!body.querySelector('iframe')) {
      const frame = document.createElement('iframe');
      frame.src = launcher.dataset.chatSrc ?? '';
      frame.title = body.dataset.frameTitle ?? '';
      frame.setAttribute('allow', 'clipboard-write');
      frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      body.append(frame);
    }
    if (!room.open) {
      // The open attribute shows a non-modal dialog as show() does, without the dialog focusing steps.
      // The visitor's own open focuses the close button (show() alone would pick the new-tab link before it).
      if (takeFocus) {
        room.show();
        room.querySelector<HTMLElement>('[data-chat-close]')?.focus();
      } else {
        room.setAttribute('open', '');
      }
    }
    launcher.setAttribute('aria-expanded', 'true');
  };
  /** Hides the panel (the frame stays); focus inside it goes back to the launcher. */
  const hide = () => {
    if (!room.open) return;
    const hadFocus = room.contains(document.activeElement) || document.activeElement === document.body;
    room.close();
    launcher.setAttribute('aria-expanded', 'false');
    if (hadFocus) launcher.focus();
  };
  /** The state of the store on a page that starts (load, back/forward cache): see the module comment. */
  const restore = (isOpen: boolean) => (isOpen && wide.matches ? show(false) : hide());

  const open = () => {
    show(true);
    openChat();
  };
  const close = () => {
    hide();
    closeChat();
  };

  launcher.addEventListener('click', () => (room.open ? close() : open()));
  room.querySelector('[data-chat-close]')?.addEventListener('click', close);
  const onEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && room.open) {
      event.preventDefault();
      close();
    }
  };
  room.addEventListener('keydown', onEscape);
  launcher.addEventListener('keydown', onEscape);
  // A close that did not come through close() (e.g. a browser close request) still resets the launcher.
  room.addEventListener('close', () => launcher.setAttribute('aria-expanded', 'false'));

  // Subscribing also mounts the store, so that the library reads sessionStorage again on pageshow; the visitor's
  // own open and close have already updated the panel when the store follows.
  $chatOpen.subscribe((isOpen) => {
    if (isOpen !== room.open) restore(isOpen);
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) restore($chatOpen.get());
  });
}
