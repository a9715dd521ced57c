/**
 * What both form islands hold the same way (nothing a visitor typed is ever lost; written once for both), under the
 * per-form hooks useContactForm and useServiceForm:
 *
 * - {@link useDraft}: the values live in a sessionStorage draft store (src/stores/form-draft.ts), shown only after
 *   hydration (the server renders the empty form), and every change goes to the draft, so nothing typed is lost on a
 *   reload or a failed submission.
 * - {@link useFormState}: validation (useValidation: on blur, on submit), one submission at a time (useSubmit), the
 *   error summary (its items in the order of the form's labels, focus moved to it on demand) and `bind(field)` for
 *   the field groups of controls.tsx. With the form's `onSubmit` and `onFirstUse` added, its result is the
 *   {@link FormFrameState} that FormFrame renders around the fields.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type RefObject, type SubmitEvent } from 'react';
import type { SummaryItem } from './Field';
import type { BoundField } from './controls';
import type { SubmitFailure } from './failure';
import { useSubmit } from './useSubmit';
import { useHydrated, useValidation, type FieldErrors } from './useValidation';

/** A change of any control, as the field groups and the consent checkbox hand it over. */
export type ControlChange = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * The form's values from its draft store: `empty` until hydrated (as the server rendered them), then the draft.
 * `change(field)` is the handler of that field's control: a checkbox's `checked`, any other control's `value`, written
 * to the draft with `update`. Returns `{ hydrated, values, change }`.
 */
export function useDraft<V extends object>(draft: ReadableAtom<V>, empty: V, update: (patch: Partial<V>) => void) {
  const hydrated = useHydrated();
  const stored = useStore(draft);
  const values = hydrated ? stored : empty;
  const change = useCallback(
    (field: keyof V) => (event: ControlChange) => {
      const target = event.target;
      update({ [field]: target.type === 'checkbox' ? (target as HTMLInputElement).checked : target.value } as Partial<V>);
    },
    [update],
  );
  return { hydrated, values, change };
}

/**
 * What FormFrame renders around a form's fields (the form element, the summary and the submit row): useFormState's
 * result plus the form's own `onSubmit` and `onFirstUse`.
 */
export interface FormFrameState {
  /** The form's id prefix (`contact`, `service`). */
  id: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** Called on the first focus or pointer press in the form (loads the schema). */
  onFirstUse: () => void;
  /** The fields to fix, after a submit attempt. */
  summaryItems: readonly SummaryItem[];
  summaryRef: RefObject<HTMLDivElement | null>;
  /** The last failed submission, if any (the submit row shows its message). */
  failure?: SubmitFailure;
  /** Its message in the summary, unless it belongs to a field of the form (then that field shows it). */
  summaryFailure?: string;
  sending: boolean;
  /** A field's error as the visitor leaves it (polite live region). */
  announcement: string;
}

interface FormStateOptions<D extends object, V extends D> {
  /** The form's id prefix. */
  id: string;
  /** Field names with their labels, in the order of the form (the summary follows it). */
  labels: Readonly<Record<string, string>>;
  /** Id of the control a field's error and summary link point to. */
  fieldId: (field: string) => string;
  /** What is validated: the draft's values `D` (plus, for the contact form, the captcha). */
  values: V;
  validate: (values: V) => FieldErrors;
  /** The draft's change handler (useDraft); `bind` binds the draft's fields. */
  change: (field: keyof D) => (event: ControlChange) => void;
  /** Where a successful submission goes, and what to say when the portal lacks the endpoint (useSubmit). */
  successPath: string;
  whenMissing?: SubmitFailure;
}

/**
 * The state of a form island between its draft and its markup. Returns useValidation's and useSubmit's results,
 * plus `bind(field)` (a field of the draft as a {@link BoundField}; a checkbox's `value` is its boolean, which
 * ConsentField ignores for `checked`), `showSummary(shown)` (whether the summary lists the fields: from a submit
 * attempt on), `focusSummary()` (moves focus to the summary after the next render) and the summary's state (`id`, `summaryRef`, `summaryItems`, `summaryFailure`; see {@link FormFrameState}).
 */
export function useFormState<D extends object, V extends D = D>({
  id,
  labels,
  fieldId,
  values,
  validate,
  change,
  successPath,
  whenMissing,
}: FormStateOptions<D, V>) {
  const validation = useValidation(values, validate);
  const sender = useSubmit(successPath, whenMissing);
  const [submitted, showSummary] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusTick) summaryRef.current?.focus();
  }, [focusTick]);
  const focusSummary = useCallback(() => setFocusTick((tick) => tick + 1), []);

  const { errors, blur } = validation;
  const bind = (field: keyof D & string): BoundField => ({
    id: fieldId(field),
    name: field,
    label: labels[field]!,
    value: (values as D)[field] as string,
    error: errors[field],
    onChange: change(field),
    onBlur: () => blur(field),
  });

  const { failure } = sender;
  return {
    ...validation,
    ...sender,
    id,
    bind,
    showSummary,
    focusSummary,
    summaryRef,
    summaryItems: submitted
      ? Object.keys(labels)
          .filter((field) => errors[field])
          .map((field) => ({ target: fieldId(field), message: errors[field]! }))
      : [],
    summaryFailure: failure?.field && failure.field in labels ? undefined : failure?.message,
  };
}
