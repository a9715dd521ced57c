/**
 * Whether the visitor closed the cookie notice with 好，我知道了 (REFERENCE.md "Widget states"), remembered in localStorage.
 */
import { KEY_PREFIX, persistentBoolean } from './persistence';

/** True once the notice was acknowledged. */
export const $cookieNoticeAcknowledged = persistentBoolean(`${KEY_PREFIX}cookie-notice`);

/** The visitor closed the notice. */
export function acknowledgeCookieNotice(): void {
  $cookieNoticeAcknowledged.set(true);
}
