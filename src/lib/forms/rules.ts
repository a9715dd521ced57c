/**
 * Constants of the contact form and the appointment service: time limits of their portal calls (ms), the
 * question types used when the portal's list cannot be loaded, and the bookable days and times. They live here, not
 * in src/site/limits.ts (part of every page's runtime chunk), so that only the form pages ship them (REFERENCE.md "Budgets"
 * JavaScript budget). Shared by the browser and the sample portal; imports nothing.
 */

/**
 * Time limit of a form submission (addProblemForm, addAppointment), in ms. A submission is never retried by the
 * client (a retry after a lost answer could send it twice); the visitor retries with the form's values kept.
 */
export const FORM_SUBMIT_TIMEOUT_MS = 20_000;

/** Time limit of the forms' helper calls (captcha, question types, holidays), in ms. */
export const FORM_LOOKUP_TIMEOUT_MS = 10_000;

/**
 * Question types of the contact form when `POST /api/common/getListCodeValid` (`codeType: 'ProblemType'`) cannot
 * be loaded: the portal's ProblemType codes as the site was built against, so a submission still carries a code the
 * portal knows.
 */
export const PROBLEM_TYPES_FALLBACK: readonly { code: string; name: string }[] = [
  { code: '01', name: '保單服務' },
  { code: '02', name: '理賠服務' },
  { code: '03', name: '網路投保' },
  { code: '04', name: '繳費問題' },
  { code: '05', name: '申訴' },
  { code: '06', name: '其他' },
];

/**
 * Bookable days and times of the appointment service. Times `HH:mm`, Taiwan time: slots of `slotMinutes` minutes
 * within the company office hours (REFERENCE.md "Constants", 08:30–17:30), none in the lunch break; days from `leadDays` to
 * `windowDays` days after today (in days), Monday to Friday, not on a holiday of `GET /api/common/getSettingHoliday`.
 */
export const APPOINTMENT_RULES = {
  opens: '08:30',
  closes: '17:30',
  slotMinutes: 30,
  breaks: [{ from: '12:00', to: '13:30' }],
  leadDays: 1,
  windowDays: 60,
  /** Bookable days offered as quick picks under the date field. */
  suggestedDays: 5,
} as const;
