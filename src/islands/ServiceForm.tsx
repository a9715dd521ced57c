/**
 * The appointment service of `/service` (預約服務, issue 5), mounted by src/pages/service.astro with `client:idle`
 * (server-rendered empty, so the page does not shift).
 *
 * Fields (src/lib/forms/appointment.ts, the schema the sample portal applies too): 服務項目 (保險規劃諮詢, 網路投保協助,
 * 外語通譯 + language, 手語翻譯, 到府服務 + address), 預約日期, 預約時段, 姓名, 聯絡電話, Email, 需求說明 (optional, live
 * counter) and consent to the privacy statement.
 *
 * The date is a native `<input type="date">` (keyboard and screen-reader support of the platform) limited to the
 * booking window (APPOINTMENT_RULES: from tomorrow, 60 days); weekends and the holidays of
 * `GET /api/common/getSettingHoliday?year=` are refused with a message naming the day, and the next bookable days
 * are offered as buttons. Slots: every 30 minutes within office hours (spec §9, 08:30–17:30), lunch excluded, as
 * radio buttons. Holidays that fail to load leave a note; the portal checks the date again.
 *
 * Validation and the nothing-lost rules are those of the contact form (ContactForm.tsx): draft in sessionStorage,
 * one submission at a time, cancelled on leaving, failures toasted and shown inline with every value kept.
 * Success → /service/success.
 *
 * The appointment call is not in spec §7 (issue 13 item 5): when the portal answers it 404/405/501, the form says
 * plainly that online booking is unavailable and offers the hotline (prop `hotline`, HOTLINES[0] of src/site.ts, as a
 * tel: link), keeping every field and the page. Only a submit can tell (no §7 call says whether the portal books
 * appointments); a transient failure (network, timeout, 5xx) keeps the "try again" message.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  APPOINTMENT_FIELDS,
  APPOINTMENT_LIMITS,
  EMPTY_APPOINTMENT,
  INTERPRETER_LANGUAGES,
  SERVICE_TYPES,
  type AppointmentValues,
} from '../lib/forms/appointment';
import type { BookingRules } from '../lib/forms/booking';
import { slotLabel, timeSlots } from '../lib/forms/slots';
import { fieldErrors } from '../lib/forms/issues';
import { APPOINTMENT_RULES } from '../lib/forms/rules';
import { FORM_TEXT } from './forms/text';
import {
  $holidays,
  $holidaysStatus,
  $serviceDraft,
  loadHolidays,
  sendAppointment,
  updateServiceDraft,
} from '../stores/service-form';
import { CharCounter, ConsentField, ErrorSummary, Field, FormActions, RequiredTag, type SummaryItem } from './forms/Field';
import { ContactFields } from './forms/ContactFields';
import { useHydrated, useValidation } from './forms/useValidation';
import { useSubmit } from './forms/useSubmit';
import { useLazyModule } from './forms/useLazyModule';

/** Where the visitor goes once the portal accepted the appointment. */
export const SERVICE_SUCCESS_PATH = '/service/success';

type SchemaModule = typeof import('../lib/forms/appointment-schema');
type Schema = ReturnType<SchemaModule['createAppointmentSchema']>;
const loadSchema = (): Promise<SchemaModule> => import('../lib/forms/appointment-schema');
/**
 * The bookable days (today in Taipei, the window, weekends and holidays) come with the date module (dayjs), loaded
 * when the island mounts, so the page's static JavaScript stays within its budget.
 */
type BookingModule = typeof import('../lib/forms/booking');
const loadBooking = (): Promise<BookingModule> => import('../lib/forms/booking');
/** The form's errors under a schema; none while the schema is still loading (it loads on the first focus). */
const errorsOf = (schema: Schema | undefined, values: AppointmentValues) => {
  const result = schema?.safeParse(values);
  return !result || result.success ? {} : fieldErrors(result.error);
};

const ID = 'service';
const SLOTS = timeSlots(APPOINTMENT_RULES);

/** Id of the control a field's error links to (radio groups: their first radio). */
const fieldId = (field: string) =>
  field === 'serviceType' ? `${ID}-serviceType-${SERVICE_TYPES[0].code}` : field === 'time' ? `${ID}-time-${SLOTS[0]}` : `${ID}-${field}`;

/**
 * Props: `hotline` — the line offered when online booking is unavailable (the page passes HOTLINES[0] of
 * src/site.ts, so the hotline list stays out of the browser bundle).
 */
export default function ServiceForm({ hotline }: { hotline: { tel: string; time: string } }) {
  const hydrated = useHydrated();
  const draft = useStore($serviceDraft);
  const values = hydrated ? draft : EMPTY_APPOINTMENT;
  const holidays = useStore($holidays);
  const holidaysStatus = useStore($holidaysStatus);
  const [today, setToday] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  const booking = useMemo<BookingRules | undefined>(
    () =>
      today
        ? { today, leadDays: APPOINTMENT_RULES.leadDays, windowDays: APPOINTMENT_RULES.windowDays, holidays }
        : undefined,
    [today, holidays],
  );
  const { module: bookingModule, ensure: ensureBooking } = useLazyModule(loadBooking);
  const { module: schemaModule, ensure: ensureSchema } = useLazyModule(loadSchema);
  const loadOnFirstUse = () => void ensureSchema().catch(() => undefined);
  const schema = useMemo(
    () => (booking && schemaModule ? schemaModule.createAppointmentSchema({ booking, slots: SLOTS }) : undefined),
    [booking, schemaModule],
  );
  const validate = useCallback((current: AppointmentValues) => errorsOf(schema, current), [schema]);
  const { errors, announcement, blur, validateAll } = useValidation(values, validate);
  const unavailable = useMemo(
    () => ({ message: FORM_TEXT.bookingUnavailable(hotline.tel, hotline.time), tel: hotline.tel, keptNote: FORM_TEXT.bookingKeptNote }),
    [hotline.tel, hotline.time],
  );
  const { sending, failure, isBusy, submit } = useSubmit(SERVICE_SUCCESS_PATH, unavailable);
  const range = booking && bookingModule ? bookingModule.bookingRange(booking) : undefined;
  const suggestions = booking && bookingModule ? bookingModule.availableDates(booking, APPOINTMENT_RULES.suggestedDays) : [];

  useEffect(() => {
    const controller = new AbortController();
    // A failed download is Vite's preload error: SiteRuntime reloads the page (the draft is kept).
    void ensureBooking().then(
      ({ bookingYears, taipeiToday }) => {
        if (controller.signal.aborted) return;
        const now = taipeiToday();
        setToday(now);
        void loadHolidays(bookingYears({ ...APPOINTMENT_RULES, today: now }), controller.signal);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [ensureBooking]);

  useEffect(() => {
    if (focusTick) summaryRef.current?.focus();
  }, [focusTick]);

  const change = useCallback(
    (field: keyof AppointmentValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const target = event.target;
      updateServiceDraft({ [field]: target.type === 'checkbox' ? (target as HTMLInputElement).checked : target.value });
    },
    [],
  );

  /** A quick pick: set the day and show its state at once. */
  const pickDate = (day: string) => {
    updateServiceDraft({ date: day });
    document.getElementById(`${ID}-date`)?.focus();
  };

  // A date picked in the calendar is checked at once (a picker has no "leaving" the visitor would notice).
  const lastDate = useRef(values.date);
  useEffect(() => {
    if (hydrated && values.date && values.date !== lastDate.current) blur('date');
    lastDate.current = values.date;
  }, [hydrated, values.date, blur]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy() || !booking) return;
    setSubmitted(true);
    const current = schema ?? (await ensureSchema()).createAppointmentSchema({ booking, slots: SLOTS });
    const found = validateAll((next) => errorsOf(current, next));
    if (Object.keys(found).length > 0) {
      setFocusTick((tick) => tick + 1);
      return;
    }
    const parsed = current.safeParse(values);
    if (!parsed.success) return;
    const payload = {
      ...parsed.data,
      language: parsed.data.serviceType === 'interpret' ? parsed.data.language : '',
      address: parsed.data.serviceType === 'visit' ? parsed.data.address : '',
    };
    const failed = await submit((signal) => sendAppointment(payload, signal));
    if (failed) setFocusTick((tick) => tick + 1);
  };

  const summaryItems: SummaryItem[] = submitted
    ? Object.keys(APPOINTMENT_FIELDS)
        .filter((field) => errors[field])
        .map((field) => ({ target: fieldId(field), message: errors[field]! }))
    : [];
  const groupError = (field: 'serviceType' | 'time') =>
    errors[field] ? (
      <p id={`${ID}-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      className="form"
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={loadOnFirstUse}
      onPointerDownCapture={loadOnFirstUse}
      aria-describedby={`${ID}-required-note`}
    >
      <ErrorSummary
        id={`${ID}-summary`}
        items={summaryItems}
        failure={failure?.message}
        tel={failure?.tel}
        keptNote={failure?.keptNote}
        summaryRef={summaryRef}
      />
      <p id={`${ID}-required-note`} className="form__note">
        標示<span className="field__tag field__tag--required">{FORM_TEXT.required}</span>的欄位請務必填寫。
      </p>

      <fieldset
        className={errors.serviceType ? 'field fieldset field--error' : 'field fieldset'}
        aria-describedby={errors.serviceType ? `${ID}-serviceType-error` : undefined}
      >
        <legend className="field__label">
          {APPOINTMENT_FIELDS.serviceType}
          <RequiredTag required />
        </legend>
        {groupError('serviceType')}
        <div className="choice-cards">
          {SERVICE_TYPES.map((type) => (
            <div className="choice-card" key={type.code}>
              <input
                id={`${ID}-serviceType-${type.code}`}
                type="radio"
                name="serviceType"
                value={type.code}
                required
                checked={values.serviceType === type.code}
                aria-describedby={`${ID}-serviceType-${type.code}-text`}
                onChange={change('serviceType')}
                onBlur={() => blur('serviceType')}
              />
              <label htmlFor={`${ID}-serviceType-${type.code}`}>
                <span className="choice-card__name">{type.name}</span>
                <span className="choice-card__text" id={`${ID}-serviceType-${type.code}-text`}>
                  {type.description}
                </span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>

      {values.serviceType === 'interpret' && (
        <Field id={fieldId('language')} label={APPOINTMENT_FIELDS.language} required error={errors.language}>
          {(control) => (
            <select
              {...control}
              name="language"
              required
              value={values.language}
              onChange={change('language')}
              onBlur={() => blur('language')}
            >
              <option value="">{FORM_TEXT.languageChoose}</option>
              {INTERPRETER_LANGUAGES.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {values.serviceType === 'visit' && (
        <Field
          id={fieldId('address')}
          label={APPOINTMENT_FIELDS.address}
          required
          hint={FORM_TEXT.addressHint}
          error={errors.address}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="address"
              autoComplete="street-address"
              required
              maxLength={APPOINTMENT_LIMITS.address + 20}
              value={values.address}
              onChange={change('address')}
              onBlur={() => blur('address')}
            />
          )}
        </Field>
      )}

      <div className="field-group">
        <Field
          id={fieldId('date')}
          label={APPOINTMENT_FIELDS.date}
          required
          hint={
            <>
              {FORM_TEXT.dateHint(APPOINTMENT_RULES.leadDays, APPOINTMENT_RULES.windowDays)}
              {holidaysStatus === 'failed' && <span className="field__warning">{FORM_TEXT.holidaysFailed}</span>}
            </>
          }
          error={errors.date}
          className="field--date"
        >
          {(control) => (
            <input
              {...control}
              type="date"
              name="date"
              required
              min={range?.first}
              max={range?.last}
              value={values.date}
              onChange={change('date')}
              onBlur={() => blur('date')}
            />
          )}
        </Field>
        <div className="date-picks" role="group" aria-labelledby={`${ID}-date-picks`}>
          <p className="date-picks__label" id={`${ID}-date-picks`}>
            {FORM_TEXT.dateSuggestions}
          </p>
          <div className="date-picks__list">
            {hydrated && bookingModule && suggestions.length > 0
              ? suggestions.map((day) => (
                  <button
                    type="button"
                    key={day}
                    className="chip"
                    aria-pressed={values.date === day}
                    onClick={() => pickDate(day)}
                  >
                    {bookingModule.formatDay(day).slice(5)}
                  </button>
                ))
              : Array.from({ length: APPOINTMENT_RULES.suggestedDays }, (_, i) => (
                  <span key={i} className="chip chip--placeholder" aria-hidden="true">
                    00/00（一）
                  </span>
                ))}
          </div>
        </div>
      </div>

      <fieldset
        className={errors.time ? 'field fieldset field--error' : 'field fieldset'}
        aria-describedby={errors.time ? `${ID}-time-error` : undefined}
      >
        <legend className="field__label">
          {APPOINTMENT_FIELDS.time}
          <RequiredTag required />
        </legend>
        {groupError('time')}
        <div className="slots">
          {SLOTS.map((slot) => (
            <div className="slot" key={slot}>
              <input
                id={`${ID}-time-${slot}`}
                type="radio"
                name="time"
                value={slot}
                required
                checked={values.time === slot}
                onChange={change('time')}
                onBlur={() => blur('time')}
              />
              <label htmlFor={`${ID}-time-${slot}`}>{slotLabel(slot, APPOINTMENT_RULES.slotMinutes)}</label>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="form__grid">
        <ContactFields
          values={values}
          errors={errors}
          labels={APPOINTMENT_FIELDS}
          fieldId={fieldId}
          change={change}
          blur={blur}
        />
      </div>

      <Field
        id={fieldId('note')}
        label={APPOINTMENT_FIELDS.note}
        hint={FORM_TEXT.noteHint}
        error={errors.note}
        describedBy={`${ID}-note-count`}
      >
        {(control) => (
          <>
            <textarea {...control} name="note" rows={4} value={values.note} onChange={change('note')} onBlur={() => blur('note')} />
            <CharCounter id={`${ID}-note-count`} value={values.note} max={APPOINTMENT_LIMITS.note} />
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

      <FormActions
        id={ID}
        submitLabel={FORM_TEXT.book}
        sending={sending}
        failure={failure?.message}
        tel={failure?.tel}
        announcement={announcement}
      />
    </form>
  );
}
