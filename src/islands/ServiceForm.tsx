/**
 * The appointment service of `/service` (預約服務), mounted by src/pages/service.astro with `client:idle`
 * (server-rendered empty, so the page does not shift).
 *
 * Fields (src/lib/forms/appointment.ts, the schema the sample portal applies too): 服務項目 (保險規劃諮詢, 網路投保協助,
 * 外語通譯 + language, 手語翻譯, 到府服務 + address), 預約日期, 預約時段, 姓名, 聯絡電話, Email, 需求說明 (optional, live
 * counter) and consent to the privacy statement.
 *
 * The date is a native `<input type="date">` (keyboard and screen-reader support of the platform) limited to the
 * booking window (APPOINTMENT_RULES: from tomorrow, 60 days); weekends and the holidays of
 * `GET /api/common/getSettingHoliday?year=` are refused with a message naming the day, and the next bookable days
 * are offered as buttons. Slots: every 30 minutes within office hours (REFERENCE.md "Constants", 08:30–17:30), lunch excluded, as
 * radio buttons. Holidays that fail to load leave a note; the portal checks the date again.
 *
 * Validation and the nothing-lost rules are those of the contact form (ContactForm.tsx): draft in sessionStorage,
 * one submission at a time, cancelled on leaving, failures toasted and shown inline with every value kept.
 * Success → /service/success.
 *
 * The appointment call is not in REFERENCE.md "Portal API" (the insurer's portal may lack it): when the portal answers it 404/405/501,
 * the form says plainly that online booking is unavailable and offers the hotline (prop `hotline`, HOTLINES[0] of
 * src/site/company.ts, as a tel: link), keeping every field and the page. Only a submit can tell (no REFERENCE.md "Portal API" call says
 * whether the portal books appointments); a transient failure (network, timeout, 5xx) keeps the "try again" message.
 *
 * This file is the layout; the state and behaviour are useServiceForm (src/islands/forms/useServiceForm.ts), the
 * field groups src/islands/forms/controls.tsx (the forms as hooks plus shared field groups).
 */
import { APPOINTMENT_LIMITS, INTERPRETER_LANGUAGES, SERVICE_TYPES } from '../lib/forms/appointment';
import { slotLabel } from '../lib/forms/slots';
import { APPOINTMENT_RULES } from '../lib/forms/rules';
import { SERVICE_TEXT } from '../site/texts/service-form';
import { ConsentField } from './forms/Field';
import { ContactFields } from './forms/ContactFields';
import { SelectField, TextAreaField, TextField, type Choice } from './forms/controls';
import { ChoiceFieldset } from './forms/ChoiceFieldset';
import { FormFrame } from './forms/FormFrame';
import { SERVICE_ID, SLOTS, useServiceForm } from './forms/useServiceForm';

/** The slots as radio choices: start time → `08:30–09:00`. */
const SLOT_CHOICES: readonly Choice[] = SLOTS.map((slot) => ({ code: slot, name: slotLabel(slot, APPOINTMENT_RULES.slotMinutes) }));

type ServiceFormState = ReturnType<typeof useServiceForm>;

/**
 * Props: `hotline` — the line offered when online booking is unavailable (the page passes HOTLINES[0] of
 * src/site/company.ts, so the hotline list stays out of the browser bundle).
 */
export default function ServiceForm({ hotline }: { hotline: { tel: string; time: string } }) {
  const form = useServiceForm(hotline);
  const { values, bind } = form;

  return (
    <FormFrame form={form} submitLabel={SERVICE_TEXT.book}>
      <ChoiceFieldset {...bind('serviceType')} id={`${SERVICE_ID}-serviceType`} options={SERVICE_TYPES} itemClass="choice-card" />
      {values.serviceType === 'interpret' && (
        <SelectField {...bind('language')} choose={SERVICE_TEXT.languageChoose} options={INTERPRETER_LANGUAGES} required />
      )}
      {values.serviceType === 'visit' && (
        <TextField
          {...bind('address')}
          hint={SERVICE_TEXT.addressHint}
          type="text"
          autoComplete="street-address"
          required
          maxLength={APPOINTMENT_LIMITS.address + 20}
        />
      )}

      <DateField form={form} />

      <ChoiceFieldset {...bind('time')} id={`${SERVICE_ID}-time`} options={SLOT_CHOICES} itemClass="slot" />

      <div className="form__grid">
        <ContactFields bind={bind} />
      </div>

      <TextAreaField {...bind('note')} hint={SERVICE_TEXT.noteHint} max={APPOINTMENT_LIMITS.note} rows={4} />

      <ConsentField {...bind('consent')} checked={values.consent} />
    </FormFrame>
  );
}

/**
 * 預約日期 with its window (min, max), the note when the holidays failed to load, and the next bookable days as
 * quick picks (placeholders of the same size until the date module and today are known, so nothing shifts).
 */
function DateField({ form }: { form: ServiceFormState }) {
  const { hydrated, values, range, suggestions, formatDay, pickDate, holidaysStatus, bind } = form;
  return (
    <div className="field-group">
      <TextField
        {...bind('date')}
        hint={
          <>
            {SERVICE_TEXT.dateHint(APPOINTMENT_RULES.leadDays, APPOINTMENT_RULES.windowDays)}
            {holidaysStatus === 'failed' && <span className="field__warning">{SERVICE_TEXT.holidaysFailed}</span>}
          </>
        }
        className="field--date"
        type="date"
        required
        min={range?.first}
        max={range?.last}
      />
      <div className="date-picks" role="group" aria-labelledby={`${SERVICE_ID}-date-picks`}>
        <p className="date-picks__label" id={`${SERVICE_ID}-date-picks`}>
          {SERVICE_TEXT.dateSuggestions}
        </p>
        <div className="date-picks__list">
          {hydrated && formatDay && suggestions.length > 0
            ? suggestions.map((day) => (
                <button type="button" key={day} className="chip" aria-pressed={values.date === day} onClick={() => pickDate(day)}>
                  {formatDay(day).slice(5)}
                </button>
              ))
            : Array.from({ length: APPOINTMENT_RULES.suggestedDays }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder.
                <span key={i} className="chip chip--placeholder" aria-hidden="true">
                  00/00（一）
                </span>
              ))}
        </div>
      </div>
    </div>
  );
}
