/**
 * The state and behaviour of the appointment service (預約服務, `/service`), which ServiceForm lays out.
 *
 * Booking: on mount the date module (booking.ts with dayjs; loaded then, so the page's static JavaScript stays within
 * its budget) gives today in Taipei, then the holidays of the booking window's years load (`$holidays`). From them
 * come the date input's `range` (min, max) and the next bookable days (`suggestions`, quick picks); the zod schema
 * (loaded on the first focus or pointer press, `onFirstUse`) is made for that window and the slots. A date picked in
 * the calendar is checked at once (a picker has no "leaving" the visitor would notice).
 *
 * Submit validates every field (errors in a focused summary) and sends once (useSubmit), language and address only
 * for the services that ask for them; what was booked goes to the success page's receipt (appointmentDetails). A
 * failure keeps every value; when the portal has no booking endpoint (HTTP 404/405/501: the endpoint is beyond
 * REFERENCE.md "Portal API") the form says so and offers `hotline` (a tel: link). Success → {@link SERVICE_SUCCESS_PATH}.

 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { APPOINTMENT_FIELDS, EMPTY_APPOINTMENT, SERVICE_TYPES, type AppointmentValues } from '../../lib/forms/appointment';
import type { BookingRules } from '../../lib/forms/booking';
import { fieldErrors } from '../../lib/forms/issues';
import { APPOINTMENT_RULES } from '../../lib/forms/rules';
import { timeSlots } from '../../lib/forms/slots';
import {
  $holidays,
  $holidaysStatus,
  $serviceDraft,
  appointmentDetails,
  loadHolidays,
  sendAppointment,
  updateServiceDraft,
} from '../../stores/service-form';
import { SERVICE_TEXT } from '../../site/texts/service-form';
import { useDraft, useFormState } from './useFormIsland';
import { useLazyModule } from './useLazyModule';

/** Where the visitor goes once the portal accepted the appointment. */
export const SERVICE_SUCCESS_PATH = '/service/success';

/** The form's id prefix: controls are `service-<field>`. */
export const SERVICE_ID = 'service';
/** Start times `HH:mm` of the bookable slots. */
export const SLOTS = timeSlots(APPOINTMENT_RULES);

/** Id of the control a field's error links to (radio groups: their first radio). */
export const serviceFieldId = (field: string) =>
  field === 'serviceType'
    ? `${SERVICE_ID}-serviceType-${SERVICE_TYPES[0].code}`
    : field === 'time'
      ? `${SERVICE_ID}-time-${SLOTS[0]}`
      : `${SERVICE_ID}-${field}`;

type SchemaModule = typeof import('../../lib/forms/appointment-schema');
type Schema = ReturnType<SchemaModule['createAppointmentSchema']>;
const loadSchema = (): Promise<SchemaModule> => import('../../lib/forms/appointment-schema');
/** The bookable days (today in Taipei, the window, weekends and holidays) come with the date module (dayjs). */
type BookingModule = typeof import('../../lib/forms/booking');
const loadBooking = (): Promise<BookingModule> => import('../../lib/forms/booking');
/** The form's errors under a schema; none while the schema is still loading (it loads on the first focus). */
const errorsOf = (schema: Schema | undefined, values: AppointmentValues) => {
  const result = schema?.safeParse(values);
  return !result || result.success ? {} : fieldErrors(result.error);
};

/**
 * The booking window: loads the date module on mount, then today's holidays. Returns `booking` (the rules, once
 * today is known), the date module (`bookingModule`), `range` and `suggestions` (empty until both are there).
 */
function useBooking() {
  const holidays = useStore($holidays);
  const [today, setToday] = useState('');
  const booking = useMemo<BookingRules | undefined>(
    () => (today ? { today, leadDays: APPOINTMENT_RULES.leadDays, windowDays: APPOINTMENT_RULES.windowDays, holidays } : undefined),
    [today, holidays],
  );
  const { module: bookingModule, ensure: ensureBooking } = useLazyModule(loadBooking);

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

  const ready = booking && bookingModule;
  return {
    booking,
    bookingModule,
    range: ready ? bookingModule.bookingRange(booking) : undefined,
    suggestions: ready ? bookingModule.availableDates(booking, APPOINTMENT_RULES.suggestedDays) : [],
  };
}

/** A date picked in the calendar is checked at once, as if the visitor had left the field. */
function useCheckPickedDate(hydrated: boolean, date: string, blur: (field: string) => void) {
  const lastDate = useRef(date);
  useEffect(() => {
    if (hydrated && date && date !== lastDate.current) blur('date');
    lastDate.current = date;
  }, [hydrated, date, blur]);
}

/**
 * The form's state for its layout (behaviour: above). `hotline`: the line offered when online booking is
 * unavailable. Returns useFormState's result (`errors`, `blur`, `bind`…) plus `onSubmit` and `onFirstUse` (together
 * a FormFrameState), `hydrated`, `values`, `holidaysStatus`, `range`, `suggestions`, `formatDay` (undefined until the
 * date module has loaded) and `pickDate`.
 */
export function useServiceForm(hotline: { tel: string; time: string }) {
  const { hydrated, values, change } = useDraft($serviceDraft, EMPTY_APPOINTMENT, updateServiceDraft);
  const holidaysStatus = useStore($holidaysStatus);
  const { booking, bookingModule, range, suggestions } = useBooking();
  const { module: schemaModule, ensure: ensureSchema } = useLazyModule(loadSchema);
  const schema = useMemo(
    () => (booking && schemaModule ? schemaModule.createAppointmentSchema({ booking, slots: SLOTS }) : undefined),
    [booking, schemaModule],
  );
  const validate = useCallback((current: AppointmentValues) => errorsOf(schema, current), [schema]);
  const unavailable = useMemo(
    () => ({ message: SERVICE_TEXT.bookingUnavailable(hotline.tel, hotline.time), tel: hotline.tel, keptNote: SERVICE_TEXT.bookingKeptNote }),
    [hotline.tel, hotline.time],
  );
  const form = useFormState({
    id: SERVICE_ID,
    labels: APPOINTMENT_FIELDS,
    fieldId: serviceFieldId,
    values,
    validate,
    change,
    successPath: SERVICE_SUCCESS_PATH,
    whenMissing: unavailable,
  });
  const { isBusy, showSummary, validateAll, focusSummary, submit, blur } = form;
  useCheckPickedDate(hydrated, values.date, blur);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy() || !booking) return;
    showSummary(true);
    const current = schema ?? (await ensureSchema()).createAppointmentSchema({ booking, slots: SLOTS });
    const found = validateAll((next) => errorsOf(current, next));
    if (Object.keys(found).length > 0) {
      focusSummary();
      return;
    }
    const parsed = current.safeParse(values);
    if (!parsed.success) return;
    const payload = {
      ...parsed.data,
      language: parsed.data.serviceType === 'interpret' ? parsed.data.language : '',
      address: parsed.data.serviceType === 'visit' ? parsed.data.address : '',
    };
    // What the success page lists of the booking; the date module came with `booking` (else the day as sent).
    const details = appointmentDetails(payload, bookingModule?.formatDay ?? ((day) => day));
    const failed = await submit((signal) => sendAppointment(payload, details, signal));
    if (failed) focusSummary();
  };
  const onFirstUse = () => void ensureSchema().catch(() => undefined);
  /** A quick pick: set the day and show its state at once. */
  const pickDate = (day: string) => {
    updateServiceDraft({ date: day });
    document.getElementById(`${SERVICE_ID}-date`)?.focus();
  };

  return {
    ...form,
    hydrated,
    values,
    holidaysStatus,
    range,
    suggestions,
    formatDay: bookingModule?.formatDay,
    pickDate,
    onSubmit,
    onFirstUse,
  };
}
