/**
 * The contact form's state and portal calls (ContactForm, src/islands/ContactForm.tsx, reads these stores
 * and calls the actions):
 * - `$contactDraft`: the visitor's values (sessionStorage, never the captcha answer), cleared on success.
 * - `$problemTypes`: the question types from `POST /api/common/getListCodeValid` (`codeType: 'ProblemType'`), or
 *   PROBLEM_TYPES_FALLBACK with `$problemTypesFallback` true when that call fails.
 * - `$captcha`: the current captcha `{ captchaId, image }` from `POST .../getCaptcha`, and its loading state.
 * - `sendContactForm`: `POST .../addProblemForm`, sent once (no automatic retry), cancellable; once accepted, the
 *   success page's receipt (src/stores/receipts.ts: the portal's reference, if its answer has one).
 */
import { atom } from 'nanostores';
import { PUBLIC_PORTAL_API_BASE } from 'astro:env/client';
import { callPortal, type PortalResult } from '../portal/client';
import { CAPTCHA_AUDIO_ENDPOINT, CAPTCHA_ENDPOINT, LIST_CODES_ENDPOINT, PROBLEM_FORM_ENDPOINT } from '../portal/endpoints';
import { captchaImageProblem } from '../lib/forms/captcha-image';
import { EMPTY_CONTACT, type ContactValues } from '../lib/forms/contact';
import type { ContactSubmission } from '../lib/forms/contact-schema';
import { FORM_LOOKUP_TIMEOUT_MS, FORM_SUBMIT_TIMEOUT_MS, PROBLEM_TYPES_FALLBACK } from '../lib/forms/rules';
import { formDraftStore } from './form-draft';
import { saveReceipt } from './receipts';

export interface CodeItem {
  code: string;
  name: string;
}

export interface CaptchaState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  captchaId: string;
  /** Image URL (the portal sends an SVG data URL). */
  image: string;
}

export const $contactDraft = formDraftStore<ContactValues>('contact-draft', EMPTY_CONTACT);
export const $problemTypes = atom<readonly CodeItem[]>(PROBLEM_TYPES_FALLBACK);
export const $problemTypesFallback = atom(false);
export const $captcha = atom<CaptchaState>({ status: 'idle', captchaId: '', image: '' });

/** Changes some fields of the draft. */
export function updateContactDraft(patch: Partial<ContactValues>): void {
  $contactDraft.set({ ...$contactDraft.get(), ...patch });
}

/** Empties the draft (after the portal accepted the form). */
export function clearContactDraft(): void {
  $contactDraft.set({ ...EMPTY_CONTACT });
}

/** A list-codes answer as `{ code, name }` items (anything else skipped). */
export function parseCodeItems(data: unknown): CodeItem[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => {
    const { code, name } = (item ?? {}) as { code?: unknown; name?: unknown };
    return (typeof code === 'string' || typeof code === 'number') && typeof name === 'string' && name.trim()
      ? [{ code: String(code), name: name.trim() }]
      : [];
  });
}

/** Loads the question types; on any failure (or an empty list) keeps the documented fallback list. */
export async function loadProblemTypes(signal?: AbortSignal): Promise<void> {
  try {
    const result = await callPortal(LIST_CODES_ENDPOINT, {
      base: PUBLIC_PORTAL_API_BASE,
      body: { codeType: 'ProblemType' },
      signal,
      timeoutMs: FORM_LOOKUP_TIMEOUT_MS,
    });
    if (result.cancelled) return;
    const items = parseCodeItems(result.data);
    if (items.length === 0) throw new Error('empty ProblemType list');
    $problemTypes.set(items);
    $problemTypesFallback.set(false);
  } catch {
    $problemTypes.set(PROBLEM_TYPES_FALLBACK);
    $problemTypesFallback.set(true);
  }
}

/**
 * Asks for a new captcha (the old one, if any, is dropped). A failure, or an image that is not a data: URL of an
 * image type within CAPTCHA_IMAGE_MAX_BYTES (src/lib/forms/captcha-image.ts), leaves status `failed`.
 */
export async function refreshCaptcha(signal?: AbortSignal): Promise<void> {
  $captcha.set({ status: 'loading', captchaId: '', image: '' });
  try {
    const result = await callPortal<{ captchaId?: unknown; image?: unknown }>(CAPTCHA_ENDPOINT, {
      base: PUBLIC_PORTAL_API_BASE,
      body: {},
      signal,
      timeoutMs: FORM_LOOKUP_TIMEOUT_MS,
    });
    if (result.cancelled) return;
    const { captchaId, image } = result.data;
    if (typeof captchaId !== 'string' || typeof image !== 'string' || !captchaId || !image) throw new Error('bad captcha');
    // Only an image of a known type and bounded size (captchaImageProblem): anything else is a failed captcha.
    const problem = captchaImageProblem(image);
    if (problem) throw new Error(`captcha image ${problem}`);
    $captcha.set({ status: 'loaded', captchaId, image });
  } catch {
    $captcha.set({ status: 'failed', captchaId: '', image: '' });
  }
}

/** The spoken alternative of the current captcha: characters to read aloud and/or an audio URL. */
export async function fetchCaptchaAudio(signal?: AbortSignal): Promise<{ text?: string; audio?: string } | undefined> {
  const { captchaId } = $captcha.get();
  if (!captchaId) return undefined;
  const result = await callPortal<{ text?: unknown; audio?: unknown }>(CAPTCHA_AUDIO_ENDPOINT, {
    base: PUBLIC_PORTAL_API_BASE,
    body: { captchaId },
    signal,
    timeoutMs: FORM_LOOKUP_TIMEOUT_MS,
  });
  if (result.cancelled) return undefined;
  const { text, audio } = result.data;
  return {
    ...(typeof text === 'string' && text ? { text } : {}),
    ...(typeof audio === 'string' && audio ? { audio } : {}),
  };
}

/**
 * Sends the form once (no automatic retry: a lost answer must not turn into two messages). On success the draft
 * is cleared and the success page's receipt written (the reference of the answer, if any). Rejects with the portal client's typed errors; a cancelled call resolves `{ cancelled: true }`.
 */
export async function sendContactForm(submission: ContactSubmission, signal?: AbortSignal): Promise<PortalResult<{ ticketNo?: string }>> {
  const result = await callPortal<{ ticketNo?: string }>(PROBLEM_FORM_ENDPOINT, {
    base: PUBLIC_PORTAL_API_BASE,
    body: submission,
    signal,
    timeoutMs: FORM_SUBMIT_TIMEOUT_MS,
    retries: 0,
  });
  if (!result.cancelled) {
    clearContactDraft();
    saveReceipt('contact', result.data);
  }
  return result;
}
