/**
 * Which link clicks ask before leaving the site (spec §9: any link to an http address outside the company
 * domain opens the confirmation 是否前往外部網站). Pure functions; ExternalLinkDialog.ts wires them to the page.
 * The rule is the one the pages and the portal schemas use (src/portal/links.ts through src/lib/assets.ts, issue 17
 * deliverable 2): the browser has already parsed the link (WHATWG URL), so `/\host` and `/<TAB>/host` count as hosts.
 */
import { COMPANY_DOMAINS } from '../site/company';
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
