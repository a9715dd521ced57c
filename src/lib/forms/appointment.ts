/**
 * The appointment service (預約服務, `/service`): services, interpreter languages, fields, limits and the schema.
 * The browser validates with it on blur and on submit (src/islands/ServiceForm.tsx); the sample portal validates
 * `addAppointment` with the same schema. The bookable days and slots depend on today, the holiday list and the
 * office hours, so the schema is made by {@link createAppointmentSchema} from those rules.
 *
 * Payload of `POST /api/portalServiceAppointment/addAppointment` (an endpoint the spec does not show; see
 * src/portal/endpoints.ts): the fields of {@link AppointmentValues}, all strings except `consent` (true).
 *
 * Shared by the browser and the sample portal: imports only zod/mini and this folder.
 */
import * as z from 'zod/mini';
import { dateProblem, type BookingRules } from './dates.ts';
import { consentField, emailField, optionalText, phoneField, requiredText } from './fields.ts';

/** The services one can book (the table of src/content/pages/service.md). */
export const SERVICE_TYPES = [
  { code: 'consult', name: '保險規劃諮詢', description: '專人說明汽機車、住宅、傷害健康與企業保險的保障與保費' },
  { code: 'online', name: '網路投保協助', description: '由專人以電話引導您完成網路投保' },
  { code: 'interpret', name: '外語通譯', description: '英語、越南語、印尼語、泰語通譯，協助您辦理保險事務' },
  { code: 'sign', name: '手語翻譯', description: '視訊手語翻譯，協助聽語障朋友洽詢保險事務' },
  { code: 'visit', name: '到府服務', description: '行動不便者，由服務人員到府協助辦理' },
] as const;

export type ServiceTypeCode = (typeof SERVICE_TYPES)[number]['code'];

/** Languages of the interpretation service (外語通譯). */
export const INTERPRETER_LANGUAGES = [
  { code: 'en', name: '英語' },
  { code: 'vi', name: '越南語' },
  { code: 'id', name: '印尼語' },
  { code: 'th', name: '泰語' },
] as const;

/** Length limits in characters. */
export const APPOINTMENT_LIMITS = { name: 50, address: 100, note: 300 } as const;

/** Field names in the order they appear, with their labels (the error summary follows this order). */
export const APPOINTMENT_FIELDS = {
  serviceType: '服務項目',
  language: '通譯語言',
  address: '服務地址',
  date: '預約日期',
  time: '預約時段',
  name: '姓名',
  phone: '聯絡電話',
  email: 'Email',
  note: '需求說明',
  consent: '同意隱私權保護政策',
} as const;

export type AppointmentField = keyof typeof APPOINTMENT_FIELDS;

/** The fields as the form holds them. `language` counts only for 外語通譯, `address` only for 到府服務. */
export interface AppointmentValues {
  serviceType: string;
  language: string;
  address: string;
  date: string;
  time: string;
  name: string;
  phone: string;
  email: string;
  note: string;
  consent: boolean;
}

/** An empty form. */
export const EMPTY_APPOINTMENT: AppointmentValues = {
  serviceType: '',
  language: '',
  address: '',
  date: '',
  time: '',
  name: '',
  phone: '',
  email: '',
  note: '',
  consent: false,
};

/** What the schema needs to know besides the values. */
export interface AppointmentRules {
  /** Today, the window and the holidays (dates.ts). */
  booking: BookingRules;
  /** Start times `HH:mm` of the bookable slots (dates.ts `timeSlots`). */
  slots: readonly string[];
}

const codes = (list: readonly { code: string }[]) => list.map((item) => item.code);

/** The schema of an appointment for the given day rules and slots. */
export function createAppointmentSchema(rules: AppointmentRules) {
  return z
    .object({
      serviceType: z.string('請選擇服務項目').check(
        z.refine((value: string) => codes(SERVICE_TYPES).includes(value), '請選擇服務項目'),
      ),
      language: z.string('請選擇通譯語言').check(z.trim()),
      address: z.string('請輸入服務地址').check(z.trim()),
      date: z.string('請選擇預約日期').check(
        z.trim(),
        z.superRefine((value: string, ctx) => {
          const problem = dateProblem(value, rules.booking);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
        }),
      ),
      time: z.string('請選擇預約時段').check(
        z.minLength(1, '請選擇預約時段'),
        z.refine((value: string) => value === '' || rules.slots.includes(value), '此時段不提供預約，請選擇其他時段'),
      ),
      name: requiredText(APPOINTMENT_FIELDS.name, APPOINTMENT_LIMITS.name),
      phone: phoneField(),
      email: emailField(),
      note: optionalText(APPOINTMENT_FIELDS.note, APPOINTMENT_LIMITS.note),
      consent: consentField(),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.serviceType === 'interpret' && !codes(INTERPRETER_LANGUAGES).includes(value.language)) {
          ctx.addIssue({ code: 'custom', message: '請選擇通譯語言', path: ['language'], input: value.language });
        }
        if (value.serviceType === 'visit') {
          const length = [...value.address].length;
          if (length < 5) {
            ctx.addIssue({ code: 'custom', message: '請輸入到府服務的完整地址', path: ['address'], input: value.address });
          } else if (length > APPOINTMENT_LIMITS.address) {
            ctx.addIssue({
              code: 'custom',
              message: `服務地址請勿超過 ${APPOINTMENT_LIMITS.address} 字`,
              path: ['address'],
              input: value.address,
            });
          }
        }
      }),
    );
}

/** An appointment as the schema leaves it. */
export type AppointmentSubmission = z.infer<ReturnType<typeof createAppointmentSchema>>;
