/**
 * What the success pages show of a form the portal accepted (`/contact/success`, `/service/success`): the portal's
 * reference, when its answer carried one, and for an appointment what was booked. One store per success page, kept
 * in sessionStorage (`session:hotains:{form}-receipt`: this tab's visit), so a reload of the success page shows the
 * same receipt; never in the URL, which would put the booking of a person into the history, logs and referrers.
 *
 * Written by the form stores (src/stores/contact-form.ts, service-form.ts) when the portal accepted a form, always
 * whole (a later answer without a reference replaces an earlier one with it); read by the success pages' script
 * (src/components/SubmissionReceipt.ts). No receipt (the page opened directly, storage refused by the browser): the
 * page says so and links to the form, never a made-up reference.
 *
 * The reference: REFERENCE.md "Portal API" shows no answer shape of `addProblemForm`, and no appointment call at all; the sample portal
 * answers `{ ticketNo }` (scripts/sample-portal/README.md "Forms"). Only that field is read (RECEIPT_REFERENCE_FIELD):
 * a portal answering without it gives a receipt without a reference, which the page shows as received all the same.
 */
import { KEY_PREFIX, SESSION_PREFIX, persistentAtom } from './persistence';

/** The forms with a success page. */
export type ReceiptForm = 'contact' | 'service';

/** One line of what was sent, for people: `[label, value]`, e.g. `['預約日期', '2026/09/15（二）']`. */
export type ReceiptDetail = readonly [label: string, value: string];

/** What a success page shows. */
export interface Receipt {
  /** The portal's reference of the accepted form (e.g. `CS202611220001`), when its answer had one. */
  reference?: string;
  /** What was sent, in the order shown (the appointment: service, date, time); none for the contact form. */
  details: readonly ReceiptDetail[];
}

/** The field of the portal's answer that holds the reference (sample portal: `{ ticketNo }`). */
export const RECEIPT_REFERENCE_FIELD = 'ticketNo';
/** Longest reference shown, in characters (the sample's are 14): anything longer is not a reference. */
export const RECEIPT_REFERENCE_MAX_CHARS = 40;
/** Longest label or value of a detail line kept, in characters (a service name with its language, a date). */
const DETAIL_MAX_CHARS = 80;
/** A reference is letters, digits and the separators references use; nothing else is taken for one. */
const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_/.-]*$/;

/**
 * The reference in a portal answer's `data`: its RECEIPT_REFERENCE_FIELD as text (a number is written out), trimmed,
 * when it looks like a reference (REFERENCE_PATTERN, at most RECEIPT_REFERENCE_MAX_CHARS); otherwise undefined.
 */
export function referenceOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const value = (data as Record<string, unknown>)[RECEIPT_REFERENCE_FIELD];
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '';
  return text && text.length <= RECEIPT_REFERENCE_MAX_CHARS && REFERENCE_PATTERN.test(text) ? text : undefined;
}

/** A stored receipt read back: a valid reference and well-formed detail lines only; undefined when it is not a receipt. */
export function sanitizeReceipt(stored: unknown): Receipt | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const { reference, details } = stored as { reference?: unknown; details?: unknown };
  const lines = Array.isArray(details)
    ? details.filter(
        (line): line is [string, string] =>
          Array.isArray(line) &&
          line.length === 2 &&
          line.every((part) => typeof part === 'string' && part.trim() !== '' && part.length <= DETAIL_MAX_CHARS),
      )
    : [];
  const checked = referenceOf({ [RECEIPT_REFERENCE_FIELD]: reference });
  return { ...(checked ? { reference: checked } : {}), details: lines.map(([label, value]) => [label, value] as const) };
}

/** The receipt store of a form's success page; undefined when this tab has sent no such form (or storage failed). */
function receiptStore(form: ReceiptForm) {
  return persistentAtom<Receipt | undefined>(`${SESSION_PREFIX}${KEY_PREFIX}${form}-receipt`, undefined, {
    encode: (receipt) => (receipt ? JSON.stringify(receipt) : undefined),
    decode: (text) => {
      try {
        return sanitizeReceipt(JSON.parse(text));
      } catch {
        return undefined;
      }
    },
  });
}

/** The receipts of the two success pages. */
export const RECEIPTS = { contact: receiptStore('contact'), service: receiptStore('service') } as const;

/**
 * Keeps what the success page of `form` shows, replacing any earlier receipt of that form: the reference in the
 * portal's answer `data` (referenceOf) and `details`.
 */
export function saveReceipt(form: ReceiptForm, data: unknown, details: readonly ReceiptDetail[] = []): void {
  const reference = referenceOf(data);
  RECEIPTS[form].set({ ...(reference ? { reference } : {}), details });
}
