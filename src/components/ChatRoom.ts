/**
 * Behaviour of ChatRoom.astro: open/close the chat panel; create the chatbot frame on the first open only.
 */
export function initChatRoom(): void {
  const launcher = document.querySelector<HTMLButtonElement>('[data-chat-launcher]');
  const room = document.querySelector<HTMLDialogElement>('[data-chat-room]');
  const body = room?.querySelector<HTMLElement>('[data-chat-body]');
  if (!launcher || !room || !body) return;

  const open = () => {
    if (!body.querySelector('iframe')) {
      const frame = document.createElement('iframe');
      frame.src = launcher.dataset.chatSrc ?? '';
      frame.title = body.dataset.frameTitle ?? '';
      frame.setAttribute('allow', 'clipboard-write');
      frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      body.append(frame);
    }
    room.show();
    launcher.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    if (!room.open) return;
    const hadFocus = room.contains(document.activeElement) || document.activeElement === document.body;
    room.close();
    launcher.setAttribute('aria-expanded', 'false');
    if (hadFocus) launcher.focus();
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
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) close();
  });
}
