/**
 * Drafts of the forms (contact form, appointment service): what the visitor typed, kept in sessionStorage so that a
 * reload, a look at the privacy page or a failed submission loses nothing (nothing a visitor typed is ever lost).
 * Cleared when the portal has accepted the form. Never holds the captcha answer: the forms keep that in component state
 * only.
 */
import { KEY_PREFIX, SESSION_PREFIX, persistentAtom } from './persistence';

/** The values of a form: text fields and checkboxes. */
export type FormValues<T = Record<string, unknown>> = { [K in keyof T]: string | boolean };

/** A stored draft read back: only the form's own keys, each with the type of its empty value. */
export function sanitizeDraft<T extends FormValues<T>>(stored: unknown, empty: T): T {
  const draft = { ...empty };
  if (!stored || typeof stored !== 'object') return draft;
  for (const key of Object.keys(empty) as (keyof T)[]) {
    const value = (stored as Record<keyof T, unknown>)[key];
    if (typeof value === typeof empty[key]) draft[key] = value as T[keyof T];
  }
  return draft;
}

/** Whether a form has nothing in it. */
export const isEmptyDraft = <T extends FormValues<T>>(values: T, empty: T): boolean =>
  (Object.keys(empty) as (keyof T)[]).every((key) => values[key] === empty[key]);

/**
 * A persistent store of one form's draft under `session:hotains:{name}` (sessionStorage). An empty form removes
 * the key.
 */
export function formDraftStore<T extends FormValues<T>>(name: string, empty: T) {
  return persistentAtom<T>(`${SESSION_PREFIX}${KEY_PREFIX}${name}`, empty, {
    encode: (values) => (isEmptyDraft(values, empty) ? undefined : JSON.stringify(values)),
    decode: (text) => {
      try {
        return sanitizeDraft(JSON.parse(text), empty);
      } catch {
        return { ...empty };
      }
    },
  });
}
