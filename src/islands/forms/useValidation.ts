/**
 * Validation state of a form island: which fields show an error, when (on blur and on submit), and the
 * message a screen reader hears when a field's error appears or changes on blur.
 *
 * `validate(values)` returns one message per invalid field (src/lib/forms/issues.ts `fieldErrors`). A field shows its
 * error after the visitor leaves it (`blur`) or submits (`validateAll`); from then on the error follows the value as
 * it is corrected (`useEffect` on `values`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type FieldErrors = Record<string, string>;

export function useValidation<V>(values: V, validate: (values: V) => FieldErrors) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef(new Set<string>());
  const { check, overrides } = useOverrides(validate);

  /** The field the visitor left last, and the validator of the previous pass of the effect below. */
  const lastLeft = useRef<string | undefined>(undefined);
  const lastCheck = useRef(check);

  // Fields already showing their state keep it up to date as the values change. When the validator itself
  // changed (the schema arrived after the visitor had already left a field), the field left last is announced as
  // it would have been on blur.
  useEffect(() => {
    const validatorChanged = lastCheck.current !== check;
    lastCheck.current = check;
    if (shown.current.size === 0) return;
    const all = check(values);
    const left = lastLeft.current;
    if (validatorChanged && left && all[left]) setAnnouncement(all[left]);
    setErrors((previous) => {
      const next: FieldErrors = {};
      for (const field of shown.current) if (all[field]) next[field] = all[field];
      for (const [field, message] of Object.entries(previous)) if (!shown.current.has(field)) next[field] = message;
      return next;
    });
  }, [values, check]);

  /** The visitor left a field: show its error (or none), and announce a new one. */
  const blurNow = useCallback(
    (field: string) => {
      const message = check(values)[field];
      shown.current.add(field);
      lastLeft.current = field;
      setErrors((previous) => {
        const next = { ...previous };
        if (message) next[field] = message;
        else delete next[field];
        return next;
      });
      if (message) setAnnouncement(message);
    },
    [values, check],
  );

  const blur = useBlurAfterPress(blurNow);

  /**
   * Submit: every field shows its state. Returns the errors. `validator` replaces `validate` for this call (a
   * schema loaded since the last render).
   */
  const validateAll = useCallback(
    (validator?: (values: V) => FieldErrors): FieldErrors => {
      const all = check(values, validator);
      for (const field of Object.keys(all)) shown.current.add(field);
      setErrors(all);
      return all;
    },
    [values, check],
  );

  /**
   * An error from elsewhere (the portal said the captcha was wrong), shown until the field's value differs from
   * `value` (the value the field holds once this error applies).
   */
  const setFieldError = useCallback((field: string, message: string, value: unknown) => {
    shown.current.add(field);
    overrides.current.set(field, { message, value });
    setErrors((previous) => ({ ...previous, [field]: message }));
  }, []);

  /** A field goes back to showing nothing until it is left or submitted again (a captcha emptied for a new one). */
  const hide = useCallback((field: string) => {
    shown.current.delete(field);
    overrides.current.delete(field);
    setErrors((previous) => {
      const next = { ...previous };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, announcement, blur, validateAll, setFieldError, hide };
}

/**
 * Errors from elsewhere (the portal), kept while the field still holds the value they were about. Returns
 * `overrides` (field → { message, value }) and `check(values, validator = validate)`: the schema's errors, with the
 * portal's errors on fields the visitor has not changed since (an override whose field changed is dropped).
 */
function useOverrides<V>(validate: (values: V) => FieldErrors) {
  const overrides = useRef(new Map<string, { message: string; value: unknown }>());
  const check = useCallback(
    (current: V, validator: (values: V) => FieldErrors = validate): FieldErrors => {
      const all = validator(current);
      for (const [field, override] of overrides.current) {
        if ((current as Record<string, unknown>)[field] === override.value) all[field] = override.message;
        else overrides.current.delete(field);
      }
      return all;
    },
    [validate],
  );
  return { check, overrides };
}

/** How long after a pointer release with no click the deferred fields show their state, in milliseconds. */
const RELEASE_FLUSH_MS = 500;

/**
 * A field left by pressing a button (submit, 換一張, a date pick) shows its error only after that click: an error
 * appearing between press and release would push the button away from the pointer and the click would be lost.
 * Takes `blurNow(field)` (show the field's state now) and returns `blur(field)`, which defers it while a pointer is
 * down and runs it after the click (or RELEASE_FLUSH_MS after a release that no click follows).
 */
function useBlurAfterPress(blurNow: (field: string) => void): (field: string) => void {
  const latestBlur = useRef(blurNow);
  latestBlur.current = blurNow;
  const pressing = useRef(false);
  const deferred = useRef(new Set<string>());
  useEffect(() => {
    let fallback = 0;
    const flush = () => {
      window.clearTimeout(fallback);
      pressing.current = false;
      const fields = [...deferred.current];
      deferred.current.clear();
      for (const field of fields) latestBlur.current(field);
    };
    const down = () => {
      window.clearTimeout(fallback);
      pressing.current = true;
    };
    const afterClick = () => window.setTimeout(flush, 0);
    // No click follows (a drag, a press outside any control): flush a moment after the release.
    const up = () => {
      window.clearTimeout(fallback);
      fallback = window.setTimeout(flush, RELEASE_FLUSH_MS);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    document.addEventListener('click', afterClick, true);
    return () => {
      window.clearTimeout(fallback);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      document.removeEventListener('click', afterClick, true);
    };
  }, []);

  return useCallback(
    (field: string) => {
      if (pressing.current) deferred.current.add(field);
      else blurNow(field);
    },
    [blurNow],
  );
}

/** False during the first (hydrating) render, true after: browser-only state (drafts, today) waits for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
