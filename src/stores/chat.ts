/**
 * Whether the chat room 智能客服 is open, kept across the pages of this visit (REFERENCE.md "Widget states": "Chat room loads the chatbot
 * frame on first open, then is kept"). Every navigation of the site is a page load, so the state
 * lives in sessionStorage (`session:hotains:chat-open`, "yes" or absent): a new tab or a new visit starts closed.
 * ChatRoom.ts reads and writes it; what the chatbot keeps of the conversation lives in its own frame's storage.
 */
import { KEY_PREFIX, SESSION_PREFIX, persistentBoolean } from './persistence';

/** True from the visitor's opening of the chat until they close it (close button, Escape or the launcher). */
export const $chatOpen = persistentBoolean(`${SESSION_PREFIX}${KEY_PREFIX}chat-open`);

/** The visitor opened the chat: it shows open on the following pages of this visit. */
export function openChat(): void {
  $chatOpen.set(true);
}

/** The visitor closed the chat: it stays closed on the following pages. */
export function closeChat(): void {
  $chatOpen.set(false);
}
