/**
 * The state and behaviour of the contact form (客戶意見信箱, `/contact`), which ContactForm lays out.
 *
 * Fields (src/lib/forms/contact.ts, the schema the sample portal applies too): 姓名, 聯絡電話, Email, 問題類別 (from
 * `getListCodeValid`, or the documented fallback list), 保單號碼 and 身分證字號 (optional), 內容, consent, and the
 * captcha answer (component state, never in the draft).
 *
 * Behaviour: the problem types and a captcha load on mount (a new captcha again when the page comes back from the
 * back/forward cache); the zod schema loads on the first focus or pointer press (`onFirstUse`), so the page ships
 * without it. Submit validates every field (errors in a focused summary), then sends once (useSubmit). A failed
 * submission keeps every value (the draft), empties the spent captcha answer and fetches a new captcha (the portal
 * spends one per try): a wrong answer (code 40002) is an error of the captcha field, any other failure shows in the
 * summary with the captcha waiting, empty and without an error. Success → {@link CONTACT_SUCCESS_PATH}.

 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { CONTACT_FIELDS, EMPTY_CONTACT, type ContactValues } from '../../lib/forms/contact';
import { fieldErrors } from '../../lib/forms/issues';
import {
  $captcha,
  $contactDraft,
  $problemTypes,
  $problemTypesFallback,
  loadProblemTypes,
  refreshCaptcha,
  sendContactForm,
  updateContactDraft,
} from '../../stores/contact-form';
import { useDraft, useFormState } from './useFormIsland';
import { useLazyModule } from './useLazyModule';
import type { FieldErrors } from './useValidation';

/** Where the visitor goes once the portal accepted the form. */
export const CONTACT_SUCCESS_PATH = '/contact/success';

/** The form's id prefix: controls are `contact-<field>`. */
export const CONTACT_ID = 'contact';
/** Id of a field's control (the captcha id's errors show on the captcha answer). */
export const contactFieldId = (field: string) => `${CONTACT_ID}-${field === 'captchaId' ? 'captcha' : field}`;

type Submission = ContactValues & { captchaId: string; captcha: string };

type Schema = typeof import('../../lib/forms/contact-schema');
const loadSchema = (): Promise<Schema> => import('../../lib/forms/contact-schema');

/** The form's errors; none while the schema is still loading (it loads on the first focus, before any blur). */
const validate = (schema: Schema | undefined, values: Submission): FieldErrors => {
  const result = schema?.contactSubmissionSchema.safeParse(values);
  if (!result || result.success) return {};
  const errors = fieldErrors(result.error);
  // A missing captcha id (the image did not load) shows on the captcha field.
  if (errors.captchaId && !errors.captcha) errors.captcha = errors.captchaId;
  delete errors.captchaId;
  return errors;
};

/** Problem types and a first captcha on mount; a new captcha when the page is restored from the back/forward cache. */
function usePortalLists() {
  useEffect(() => {
    const controller = new AbortController();
    void loadProblemTypes(controller.signal);
    void refreshCaptcha(controller.signal);
    // Back from the back/forward cache with a spent or missing captcha: a new one.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refreshCaptcha();
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      controller.abort();
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
}

/**
 * The form's state for its layout (behaviour: above). Returns useFormState's result (`errors`, `blur`, `bind`…)
 * plus `onSubmit` and `onFirstUse` (together a FormFrameState), `values`, `answer`, `setAnswer`, `problemTypes`
 * and `problemTypesFallback`.
 */
export function useContactForm() {
  const { values, change } = useDraft($contactDraft, EMPTY_CONTACT, updateContactDraft);
  const problemTypes = useStore($problemTypes);
  const problemTypesFallback = useStore($problemTypesFallback);
  const captcha = useStore($captcha);
  const [answer, setAnswer] = useState('');
  usePortalLists();

  const submission = useMemo<Submission>(() => ({ ...values, captchaId: captcha.captchaId, captcha: answer }), [values, captcha.captchaId, answer]);
  const { module: schema, ensure: ensureSchema } = useLazyModule(loadSchema);
  const check = useCallback((current: Submission) => validate(schema, current), [schema]);
  const form = useFormState({
    id: CONTACT_ID,
    labels: CONTACT_FIELDS,
    fieldId: contactFieldId,
    values: submission,
    validate: check,
    change,
    successPath: CONTACT_SUCCESS_PATH,
  });
  const { isBusy, showSummary, validateAll, focusSummary, submit, setFieldError, hide } = form;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy()) return;
    showSummary(true);
    const loaded = await ensureSchema();
    const found = validateAll((current) => validate(loaded, current));
    if (Object.keys(found).length > 0) {
      focusSummary();
      return;
    }
    const parsed = loaded.contactSubmissionSchema.safeParse(submission);
    if (!parsed.success) return;
    const failed = await submit((signal) => sendContactForm(parsed.data, signal));
    if (!failed) return;
    // The portal spends a captcha on every try: a new one, and the old answer goes. Only a wrong answer is an
    // error of the field; otherwise the summary shows what went wrong and the empty captcha waits for the visitor.
    setAnswer('');
    if (failed.field === 'captcha') setFieldError('captcha', failed.message, '');
    else {
      hide('captcha');
      showSummary(false);
    }
    void refreshCaptcha();
    focusSummary();
  };
  const onFirstUse = () => void ensureSchema().catch(() => undefined);

  return { ...form, values, answer, setAnswer, problemTypes, problemTypesFallback, onSubmit, onFirstUse };
}
