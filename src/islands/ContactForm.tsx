/**
 * The contact form of `/contact` (客戶意見信箱, issue 5), mounted by src/pages/contact.astro with `client:idle`
 * (server-rendered empty, so the page does not shift; usable once it hydrates, right after the first paint: DESIGN.md
 * §6, and React's 67 KB no longer delay that paint).
 *
 * Fields (src/lib/forms/contact.ts, the schema the sample portal applies too): 姓名, 聯絡電話, Email, 問題類別 (from
 * `getListCodeValid`, or the documented fallback list), 保單號碼 and 身分證字號 (optional), 內容 (with a live counter),
 * consent to the privacy statement, and the captcha (image, 換一張, 語音播放, hotline).
 *
 * Validation in zh-TW: a field shows its error when the visitor leaves it (announced politely) and after a submit
 * attempt; submit lists the errors in a summary at the top and moves focus there (links jump to the fields).
 *
 * Nothing is lost: the values live in a sessionStorage draft (src/stores/contact-form.ts; never the captcha
 * answer) that survives reloads and failures and is cleared when the portal accepts the form. A failed submission
 * (network, timeout, non-20000 code) says why (toast and inline), keeps every value and fetches a new captcha (the
 * portal spends one per try). One submission at a time; leaving the page cancels it. Success → /contact/success.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  EMPTY_CONTACT,
  type ContactValues,
} from '../lib/forms/contact';
import { fieldErrors } from '../lib/forms/issues';
import { FORM_TEXT } from './forms/text';
import {
  $captcha,
  $contactDraft,
  $problemTypes,
  $problemTypesFallback,
  loadProblemTypes,
  refreshCaptcha,
  sendContactForm,
  updateContactDraft,
} from '../stores/contact-form';
import Captcha from './forms/Captcha';
import { CharCounter, ConsentField, ErrorSummary, Field, FormActions, type SummaryItem } from './forms/Field';
import { ContactFields } from './forms/ContactFields';
import { useHydrated, useValidation, type FieldErrors } from './forms/useValidation';
import { useSubmit } from './forms/useSubmit';
import { useLazyModule } from './forms/useLazyModule';

/** Where the visitor goes once the portal accepted the form. */
export const CONTACT_SUCCESS_PATH = '/contact/success';

const ID = 'contact';
const fieldId = (field: string) => `${ID}-${field === 'captchaId' ? 'captcha' : field}`;

type Submission = ContactValues & { captchaId: string; captcha: string };

type Schema = typeof import('../lib/forms/contact-schema');
const loadSchema = (): Promise<Schema> => import('../lib/forms/contact-schema');

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

/**
 * Props: `hotline`, offered beside the captcha to whoever cannot read or hear it (the page passes HOTLINES[0], so
 * the hotline list stays out of the browser bundle).
 */
export default function ContactForm({ hotline }: { hotline: { tel: string; time: string } }) {
  const hydrated = useHydrated();
  const draft = useStore($contactDraft);
  const values = hydrated ? draft : EMPTY_CONTACT;
  const problemTypes = useStore($problemTypes);
  const problemTypesFallback = useStore($problemTypesFallback);
  const captcha = useStore($captcha);
  const [answer, setAnswer] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  const submission = useMemo<Submission>(
    () => ({ ...values, captchaId: captcha.captchaId, captcha: answer }),
    [values, captcha.captchaId, answer],
  );
  const { module: schema, ensure: ensureSchema } = useLazyModule(loadSchema);
  const check = useCallback((current: Submission) => validate(schema, current), [schema]);
  const loadOnFirstUse = () => void ensureSchema().catch(() => undefined);
  const { errors, announcement, blur, validateAll, setFieldError, hide } = useValidation(submission, check);
  const { sending, failure, isBusy, submit } = useSubmit(CONTACT_SUCCESS_PATH);

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

  useEffect(() => {
    if (focusTick) summaryRef.current?.focus();
  }, [focusTick]);

  const change = useCallback(
    (field: keyof ContactValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const target = event.target;
      updateContactDraft({ [field]: target.type === 'checkbox' ? (target as HTMLInputElement).checked : target.value });
    },
    [],
  );

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy()) return;
    setSubmitted(true);
    const loaded = await ensureSchema();
    const found = validateAll((current) => validate(loaded, current));
    if (Object.keys(found).length > 0) {
      setFocusTick((tick) => tick + 1);
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
      setSubmitted(false);
    }
    void refreshCaptcha();
    setFocusTick((tick) => tick + 1);
  };

  const summaryItems: SummaryItem[] = submitted
    ? Object.keys(CONTACT_FIELDS)
        .filter((field) => errors[field])
        .map((field) => ({ target: fieldId(field), message: errors[field]! }))
    : [];
  const failureText = failure && !failure.field ? failure.message : undefined;
  const content = values.content;

  return (
    <form
      className="form"
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={loadOnFirstUse}
      onPointerDownCapture={loadOnFirstUse}
      aria-describedby={`${ID}-required-note`}
    >
      <ErrorSummary id={`${ID}-summary`} items={summaryItems} failure={failureText} summaryRef={summaryRef} />
      <p id={`${ID}-required-note`} className="form__note">
        標示<span className="field__tag field__tag--required">{FORM_TEXT.required}</span>的欄位請務必填寫。
      </p>

      <div className="form__grid">
        <ContactFields
          values={values}
          errors={errors}
          labels={CONTACT_FIELDS}
          fieldId={fieldId}
          change={change}
          blur={blur} emailHint
        />
        <Field
          id={fieldId('problemType')}
          label={CONTACT_FIELDS.problemType}
          required
          hint={problemTypesFallback ? FORM_TEXT.problemTypesFallbackNote : undefined}
          error={errors.problemType}
        >
          {(control) => (
            <select
              {...control}
              name="problemType"
              required
              value={values.problemType}
              onChange={change('problemType')}
              onBlur={() => blur('problemType')}
            >
              <option value="">{FORM_TEXT.problemTypeChoose}</option>
              {problemTypes.map((type) => (
                <option key={type.code} value={type.code}>
                  {type.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId('policyNo')} label={CONTACT_FIELDS.policyNo} hint={FORM_TEXT.policyNoHint} error={errors.policyNo}>
          {(control) => (
            <input
              {...control}
              type="text"
              name="policyNo"
              autoComplete="off"
              spellCheck={false}
              value={values.policyNo}
              onChange={change('policyNo')}
              onBlur={() => blur('policyNo')}
            />
          )}
        </Field>
        <Field
          id={fieldId('nationalId')}
          label={CONTACT_FIELDS.nationalId}
          hint={FORM_TEXT.nationalIdHint}
          error={errors.nationalId}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="nationalId"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={10}
              value={values.nationalId}
              onChange={change('nationalId')}
              onBlur={() => blur('nationalId')}
            />
          )}
        </Field>
      </div>

      <Field
        id={fieldId('content')}
        label={CONTACT_FIELDS.content}
        required
        error={errors.content}
        describedBy={`${ID}-content-count`}
      >
        {(control) => (
          <>
            <textarea
              {...control}
              name="content"
              rows={6}
              required
              value={content}
              onChange={change('content')}
              onBlur={() => blur('content')}
            />
            <CharCounter id={`${ID}-content-count`} value={content} max={CONTACT_LIMITS.content} />
          </>
        )}
      </Field>

      <ConsentField
        id={fieldId('consent')}
        checked={values.consent}
        error={errors.consent}
        onChange={change('consent')}
        onBlur={() => blur('consent')}
      />

      <Captcha
        id={fieldId('captcha')}
        label={CONTACT_FIELDS.captcha}
        value={answer}
        error={errors.captcha}
        maxLength={CONTACT_LIMITS.captcha}
        onChange={setAnswer}
        onBlur={() => blur('captcha')}
        hotline={hotline}
      />

      <FormActions id={ID} submitLabel={FORM_TEXT.submit} sending={sending} failure={failure?.message} announcement={announcement} />
    </form>
  );
}
