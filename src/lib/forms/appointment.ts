/**
 * The appointment service (預約服務, `/service`): services, interpreter languages, fields and limits. The schema is
 * in appointment-schema.ts, a module of its own so that the browser loads zod only when the visitor starts filling
 * in the form.
 *
 * Payload of `POST /api/portalServiceAppointment/addAppointment` (an endpoint the spec does not show; see
 * src/portal/endpoints.ts): the fields of {@link AppointmentValues}, all strings except `consent` (true).
 *
 * Shared by the browser and the sample portal; imports nothing at run time.
 */
import type { BookingRules } from './booking.ts';

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
  /** Today, the window and the holidays (booking.ts). */
  booking: BookingRules;
  /** Start times `HH:mm` of the bookable slots (slots.ts `timeSlots`). */
  slots: readonly string[];
}
