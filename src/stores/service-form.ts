/**
 * The appointment service's state and portal calls (ServiceForm, src/islands/ServiceForm.tsx, reads these
 * stores and calls the actions):
 * - `$serviceDraft`: the visitor's values (sessionStorage), cleared on success.
 * - `$holidays`: the holidays of the booking window from `GET /api/common/getSettingHoliday?year=` (one call per
 *   year the window touches); `$holidaysStatus` says whether they loaded. Without them the form still works: the
 *   portal checks the date again.
 * - `sendAppointment`: `POST /api/portalServiceAppointment/addAppointment`, sent once, cancellable.
 */
import { atom } from 'nanostores';
import { PUBLIC_PORTAL_API_BASE } from 'astro:env/client';
import { callPortal, type PortalResult } from '../portal/client';
import { APPOINTMENT_ENDPOINT, HOLIDAYS_ENDPOINT } from '../portal/endpoints';
import { EMPTY_APPOINTMENT, type AppointmentValues } from '../lib/forms/appointment';
import type { AppointmentSubmission } from '../lib/forms/appointment-schema';
import type { HolidayMap } from '../lib/forms/booking';
import { FORM_LOOKUP_TIMEOUT_MS, FORM_SUBMIT_TIMEOUT_MS } from '../lib/forms/rules';
import { formDraftStore } from './form-draft';

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

/** Sends the appointment once (no automatic retry); clears the draft on success. */
export async function sendAppointment(submission: AppointmentSubmission, signal?: AbortSignal): Promise<PortalResult<{ ticketNo?: string }>> {
  const result = await callPortal<{ ticketNo?: string }>(APPOINTMENT_ENDPOINT, {
    base: PUBLIC_PORTAL_API_BASE,
    body: submission,
    signal,
    timeoutMs: FORM_SUBMIT_TIMEOUT_MS,
    retries: 0,
  });
  if (!result.cancelled) clearServiceDraft();
  return result;
}
