/**
 * Which link clicks ask before leaving the site (REFERENCE.md "Constants": any link to an http address outside the company
 * domain opens the confirmation 是否前往外部網站). Pure functions; ExternalLinkDialog.ts wires them to the page.
 * The rule is the one the pages and the portal schemas use (src/portal/links.ts through src/lib/assets.ts,
 * REFERENCE.md "Portal boundary"): the browser has already parsed the link (WHATWG URL), so `/\host` and `/<TAB>/host` count as hosts.
 */
import { COMPANY_DOMAINS } from '../site/company';
import { EXTERNAL_URL_SHOWN_MAX_CHARS } from '../site/limits';
import { isCompanyHost, leavesCompany } from '../lib/assets';

export { isCompanyHost };

/**
 * A URL leaves the site: http(s), and its host is neither the page's own host nor a company host.
 * Relative URLs resolve against `pageUrl`; other schemes (mailto:, tel:, javascript:) never count.
 */
export function isExternalUrl(href: string, pageUrl: string, domains: readonly string[] = COMPANY_DOMAINS): boolean {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return false;
  }
  return leavesCompany(url, new URL(pageUrl).hostname, domains);
}

/** The parts of a click that decide whether the site may step in. */
export interface ClickLike {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** A plain primary click: no modifier keys, not already handled. Modified clicks keep the browser's meaning. */
export const isPlainClick = (event: ClickLike): boolean =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/** The link a click landed in (the event target may be a text node or an element inside the link). */
export function linkOf(target: EventTarget | null): Element | null {
  const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  return element?.closest('a[href]') ?? null;
}

/** The absolute destination of a link element (HTML or SVG `<a>`). */
export function linkHref(link: Element, pageUrl: string): string {
  const raw = link.getAttribute('href') ?? '';
  try {
    return new URL(raw, pageUrl).href;
  } catch {
    return raw;
  }
}

/** The link opens another browsing context: a `target` other than _self, _top and _parent, e.g. _blank. */
export function opensNewTab(link: Element): boolean {
  const target = (link.getAttribute('target') ?? '').trim().toLowerCase();
  return target !== '' && target !== '_self' && target !== '_top' && target !== '_parent';
}

/** Where an external link leads, as the confirmation shows it and as 確定前往 follows it (REFERENCE.md "Constants"). */
export interface Destination {
  /** The host the browser will reach: `URL.hostname` (lower case; punycode `xn--…` for an internationalized name). */
  host: string;
  /** The Unicode form of `host` when it has punycode labels (`例子.測試` for `xn--fsqu00a.xn--g6w251d`), shown beside. */
  unicodeHost?: string;
  /** The URL to follow: the link's, without user name or password. */
  href: string;
  /**
   * `href` as shown under the host: decoded for reading (readableUrl), at most EXTERNAL_URL_SHOWN_MAX_CHARS
   * characters (longer is cut with `…`).
   */
  shownUrl: string;
}

/**
 * A URL as people read it: `https://host/活動/優惠?x=1` rather than `…/%E6%B4%BB%E5%8B%95/…` (decodeURI: reserved
 * characters such as `%2F` stay encoded). When the decoded text would hold a control, format (bidirectional override,
 * zero-width) or unassigned character, which could reorder or hide what is shown, it stays as the browser
 * serialized it.
 */
function readableUrl(url: URL): string {
  try {
    const decoded = decodeURI(url.href);
    return /\p{C}/u.test(decoded) ? url.href : decoded;
  } catch {
    return url.href;
  }
}

/**
 * The real destination of a link, for the external-link confirmation (REFERENCE.md "Constants"), without the Unicode form of its host
 * (destinationOf in src/browser/external-destination.ts adds it). A URL may put anything before an `@`
 * (`https://www.hotains.com.tw@evil.example/` goes to evil.example): the confirmation names the host the browser will
 * reach, never what stands before the `@`, and that user/password part is dropped from the URL that is followed (not
 * refused: the host is the one the visitor is told of, and no site needs a password in a link). The page's script
 * shows this at once and loads the punycode decoder (src/browser/punycode.ts) only for a host with punycode labels
 * (hasPunycodeLabel), which few links have, so that every page does not download it (REFERENCE.md "Budgets" JavaScript budget).
 * @param href an absolute URL (linkHref's result)
 * @returns the destination, or undefined when `href` does not parse
 */
export function asciiDestinationOf(href: string): Omit<Destination, 'unicodeHost'> | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  url.username = '';
  url.password = '';
  const chars = [...readableUrl(url)];
  const shownUrl = chars.length > EXTERNAL_URL_SHOWN_MAX_CHARS ? `${chars.slice(0, EXTERNAL_URL_SHOWN_MAX_CHARS - 1).join('')}…` : chars.join('');
  return { host: url.hostname, href: url.href, shownUrl };
}

/** A host (the browser's ASCII form) has a punycode label (`xn--…`), whose Unicode form the confirmation shows too. */
export const hasPunycodeLabel = (host: string): boolean => /(?:^|\.)xn--/i.test(host);
