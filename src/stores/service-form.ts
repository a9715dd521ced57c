/**
 * The appointment service's state and portal calls (ServiceForm, src/islands/ServiceForm.tsx, reads these
 * stores and calls the actions):
 * - `$serviceDraft`: the visitor's values (sessionStorage), cleared on success.
 * - `$holidays`: the holidays of the booking window from `GET /api/common/getSettingHoliday?year=` (one call per
 *   year the window touches); `$holidaysStatus` says whether they loaded. Without them the form still works: the
 *   portal checks the date again.
 * - `sendAppointment`: `POST /api/portalServiceAppointment/addAppointment`, sent once, cancellable; once accepted,
 *   the success page's receipt (src/stores/receipts.ts: the portal's reference, if its answer has one, and what was
 *   booked, {@link appointmentDetails}).
 */
import { atom } from 'nanostores';
import { PUBLIC_PORTAL_API_BASE } from 'astro:env/client';
import { callPortal, type PortalResult } from '../portal/client';
import { APPOINTMENT_ENDPOINT, HOLIDAYS_ENDPOINT } from '../portal/endpoints';
import { APPOINTMENT_FIELDS, EMPTY_APPOINTMENT, INTERPRETER_LANGUAGES, SERVICE_TYPES, type AppointmentValues } from '../lib/forms/appointment';
import type { AppointmentSubmission } from '../lib/forms/appointment-schema';
import type { HolidayMap } from '../lib/forms/booking';
import { APPOINTMENT_RULES, FORM_LOOKUP_TIMEOUT_MS, FORM_SUBMIT_TIMEOUT_MS } from '../lib/forms/rules';
import { slotLabel } from '../lib/forms/slots';
import { formDraftStore } from './form-draft';
import { saveReceipt, type ReceiptDetail } from './receipts';

export const $serviceDraft = formDraftStore<AppointmentValues>('service-draft', EMPTY_APPOINTMENT);
export const $holidays = atom<HolidayMap>(new Map());
export const $holidaysStatus = atom<'idle' | 'loading' | 'loaded' | 'failed'>('idle');

/** Changes some fields of the draft. */
export function updateServiceDraft(patch: Partial<AppointmentValues>): void {
  $serviceDraft.set({ ...$serviceDraft.get(), ...patch });
}

/** Empties the draft (after the portal accepted the appointment). */
export function clearServiceDraft(): void {
  $serviceDraft.set({ ...EMPTY_APPOINTMENT });
}

/** Loads the holidays of the given years; a failure leaves the map empty and the status `failed`. */
export async function loadHolidays(years: readonly number[], signal?: AbortSignal): Promise<void> {
  $holidaysStatus.set('loading');
  try {
    const results = await Promise.all(
      years.map((year) =>
        callPortal(HOLIDAYS_ENDPOINT, {
          base: PUBLIC_PORTAL_API_BASE,
          query: { year: String(year) },
          signal,
          timeoutMs: FORM_LOOKUP_TIMEOUT_MS,
        }),
      ),
    );
    if (results.some((result) => result.cancelled)) return;
    // The date module (dayjs) is loaded on demand; ServiceForm has loaded it already to know today.
    const { parseHolidays } = await import('../lib/forms/booking');
    const holidays = new Map<string, string>();
    for (const result of results) if (!result.cancelled) for (const [day, name] of parseHolidays(result.data)) holidays.set(day, name);
    $holidays.set(holidays);
    $holidaysStatus.set('loaded');
  } catch {
    $holidays.set(new Map());
    $holidaysStatus.set('failed');
  }
}

/**
 * What was booked, as the success page lists it (labels of APPOINTMENT_FIELDS): 服務項目 (with the interpreter's
 * language for 外語通譯, e.g. `外語通譯（英語）`), 預約日期 as `formatDay` writes it (`2026/09/15（二）`) and 預約時段
 * (`14:00–14:30`, slotLabel). `formatDay` is the date module's (src/lib/forms/booking.ts), which the form has loaded.
 */
export function appointmentDetails(
  values: Pick<AppointmentValues, 'serviceType' | 'language' | 'date' | 'time'>,
  formatDay: (day: string) => string,
): ReceiptDetail[] {
  const service = SERVICE_TYPES.find((type) => type.code === values.serviceType)?.name ?? values.serviceType;
  const language = values.serviceType === 'interpret' ? INTERPRETER_LANGUAGES.find((item) => item.code === values.language)?.name : undefined;
  return [
    [APPOINTMENT_FIELDS.serviceType, language ? `${service}（${language}）` : service],
    [APPOINTMENT_FIELDS.date, formatDay(values.date)],
    [APPOINTMENT_FIELDS.time, slotLabel(values.time, APPOINTMENT_RULES.slotMinutes)],
  ];
}

/**
 * Sends the appointment once (no automatic retry). On success the draft is cleared and the success page's receipt
 * written: the reference of the answer, if any, and `details` (what was booked, {@link appointmentDetails}).
 */
export async function sendAppointment(
  submission: AppointmentSubmission,
  details: readonly ReceiptDetail[],
  signal?: AbortSignal,
): Promise<PortalResult<{ ticketNo?: string }>> {
  const result = await callPortal<{ ticketNo?: string }>(APPOINTMENT_ENDPOINT, {
    base: PUBLIC_PORTAL_API_BASE,
    body: submission,
    signal,
    timeoutMs: FORM_SUBMIT_TIMEOUT_MS,
    retries: 0,
  });
  if (!result.cancelled) {
    clearServiceDraft();
    saveReceipt('service', result.data, details);
  }
  return result;
}
