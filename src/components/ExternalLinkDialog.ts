/**
 * Behaviour of ExternalLinkDialog.astro: one delegated click listener on the document (so links added later and
 * links inside portal rich text count too) that asks before following a link that leaves the company's sites,
 * naming the host the browser will reach (destinationOf, REFERENCE.md "Constants") and following the link without any user/password
 * part. The Unicode form of a punycode host is filled in once its decoder has loaded (loaded only for such a host).
 */
import { asciiDestinationOf, hasPunycodeLabel, isExternalUrl, isPlainClick, linkHref, linkOf, opensNewTab } from '../browser/external-link';

/** The destination waiting for 確定前往 (without user or password). */
interface Pending {
  href: string;
  newTab: boolean;
}

export function initExternalLinks(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-external-dialog]');
  if (!dialog) return;
  const urlText = dialog.querySelector<HTMLElement>('[data-external-url]');
  const hostText = dialog.querySelector<HTMLElement>('[data-external-host]');
  const unicodeText = dialog.querySelector<HTMLElement>('[data-external-host-unicode]');
  let pending: Pending | undefined;

  document.addEventListener('click', (event) => {
    if (!isPlainClick(event)) return;
    const link = linkOf(event.target);
    // Download links too (REFERENCE.md "Constants": any link outside the company domain is confirmed): a `download` link to another host
    // leaves the site like any other.
    if (!link) return;
    const href = linkHref(link, document.baseURI);
    if (!isExternalUrl(href, location.href)) return;
    event.preventDefault();
    // An http(s) URL the browser parsed always parses again; if not, nothing is followed.
    const destination = asciiDestinationOf(href);
    if (!destination) return;
    const shown: Pending = { href: destination.href, newTab: opensNewTab(link) };
    pending = shown;
    if (hostText) hostText.textContent = destination.host;
    if (unicodeText) {
      unicodeText.textContent = '';
      unicodeText.parentElement!.hidden = true;
      if (hasPunycodeLabel(destination.host)) {
        void import('../browser/punycode').then(({ unicodeHost }) => {
          const unicode = unicodeHost(destination.host);
          // Still the same confirmation, and the name decodes.
          if (pending !== shown || !unicode) return;
          unicodeText.textContent = unicode;
          unicodeText.parentElement!.hidden = false;
        });
      }
    }
    if (urlText) urlText.textContent = destination.shownUrl;
    dialog.returnValue = '';
    dialog.showModal();
  });

  dialog.addEventListener('close', () => {
    const go = dialog.returnValue === 'confirm' ? pending : undefined;
    pending = undefined;
    if (!go) return;
    if (go.newTab) window.open(go.href, '_blank', 'noopener,noreferrer');
    else window.location.assign(go.href);
  });

  // A click on the backdrop (outside the dialog box) counts as 取消.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close('cancel');
  });
}
