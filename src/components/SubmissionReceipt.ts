/**
 * Browser side of SubmissionReceipt.astro: fills a success page's receipt box from the receipt its form kept in this
 * tab (src/stores/receipts.ts), or, without one, says that this tab sent no such form and links to it.
 *
 * `showReceipt(root, receipt?)`: in, the box (`[data-receipt="contact" | "service"]`) and the receipt (default: the
 * stored one of that form); out, nothing: the box is shown. Every value is set as text, never as markup.
 * Rules: the reference of the portal's answer is shown as selectable text with a copy button (Clipboard API; when
 * the browser refuses, the reference is selected for the visitor to copy and the status line says so); without a
 * reference the box says how to follow up instead; the appointment's details (服務項目, 預約日期, 預約時段) follow
 * the reference. Without a receipt the hero's h1 and line (PageHero) and the document title say so: the static page
 * says "received", which is only true after a submission.
 */
import { RECEIPTS, type Receipt, type ReceiptForm } from '../stores/receipts';
import { RECEIPT_COPY_TEXT, RECEIPT_TEXT } from '../site/texts/receipts';

/** An element of the box by its data attribute; the markup of SubmissionReceipt.astro has each of them. */
function part<E extends HTMLElement>(root: HTMLElement, name: string): E {
  const element = root.querySelector<E>(`[data-receipt-${name}]`);
  if (!element) throw new Error(`receipt box without [data-receipt-${name}]`);
  return element;
}

/** Selects the text of `element`, so the visitor can copy it by hand. */
function selectText(element: HTMLElement): void {
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(element);
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** The reference row: its text, and the copy button writing it to the clipboard (or selecting it). */
function showReference(root: HTMLElement, reference: string, label: string): void {
  const code = part(root, 'code');
  const status = part(root, 'status');
  code.textContent = reference;
  part(root, 'reference').hidden = false;
  part(root, 'copy').addEventListener('click', () => {
    // Emptied first, so that pressing again announces the line again.
    status.textContent = '';
    const say = (text: string) => {
      status.textContent = text;
    };
    const copied = navigator.clipboard?.writeText(reference) ?? Promise.reject(new Error('no Clipboard API'));
    copied.then(
      () => say(RECEIPT_COPY_TEXT.copied(label)),
      () => {
        selectText(code);
        say(RECEIPT_COPY_TEXT.failed(label));
      },
    );
  });
}

/** The hero's title and line (PageHero) and the document's title, replaced by the "nothing sent" ones. */
function retitle(title: string, description: string): void {
  const heading = document.querySelector('main h1');
  const line = document.querySelector('main .page-hero-subtitle');
  if (heading) {
    document.title = document.title.replace(heading.textContent ?? '', title);
    heading.textContent = title;
  }
  if (line) line.textContent = description;
}

/** Fills and shows the receipt box `root` (see above); a box of an unknown form is left hidden. */
export function showReceipt(root: HTMLElement, receipt: Receipt | undefined = RECEIPTS[root.dataset.receipt as ReceiptForm]?.get()): void {
  const text = RECEIPT_TEXT[root.dataset.receipt as ReceiptForm];
  if (!text) return;
  if (!receipt) {
    retitle(text.emptyTitle, text.emptyDescription);
    part(root, 'received').hidden = true;
    part(root, 'empty').hidden = false;
    root.removeAttribute('aria-labelledby');
    root.hidden = false;
    return;
  }
  const list = part(root, 'list');
  const row = part<HTMLTemplateElement>(root, 'row');
  for (const [label, value] of receipt.details) {
    const line = row.content.firstElementChild!.cloneNode(true) as HTMLElement;
    line.querySelector('dt')!.textContent = label;
    line.querySelector('dd')!.textContent = value;
    list.append(line);
  }
  if (receipt.reference) showReference(root, receipt.reference, text.referenceLabel);
  else if (receipt.details.length === 0) list.hidden = true;
  part(root, 'note').textContent = receipt.reference ? text.referenceHint : text.noReference;
  root.hidden = false;
}
