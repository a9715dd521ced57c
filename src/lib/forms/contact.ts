/**
 * The contact form (客戶意見信箱, `/contact`): its fields and limits. Its schema is in contact-schema.ts,
 * a module of its own so that the browser loads zod only when the visitor starts filling in the form. REFERENCE.md "Forms" shows no field rules; these are the site's.
 *
 * Payload of `POST /api/portalCustomerProblemForm/addProblemForm`: the fields below, all strings except
 * `consent` (true), plus `captchaId` (from getCaptcha) and `captcha` (what the visitor read).
 *
 * Shared by the browser and the sample portal; imports nothing.
 */

/** Length limits in characters. */
export const CONTACT_LIMITS = { name: 50, problemType: 20, policyNo: 30, content: 500, captcha: 10 } as const;

/** 保單號碼, normalized: letters (upper case), digits and hyphens, 6–30 of them. */
export const POLICY_NO_PATTERN = /^[A-Z0-9-]{6,30}$/;

/** Field names in the order they appear, with their labels (the error summary follows this order). */
export const CONTACT_FIELDS = {
  name: '姓名',
  phone: '聯絡電話',
  email: 'Email',
  problemType: '問題類別',
  policyNo: '保單號碼',
  nationalId: '身分證字號',
  content: '內容',
  consent: '同意隱私權保護政策',
  captcha: '驗證碼',
} as const;

export type ContactField = keyof typeof CONTACT_FIELDS;

/** The fields as the form holds them (strings as typed, consent a checkbox). */
export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  problemType: string;
  policyNo: string;
  nationalId: string;
  content: string;
  consent: boolean;
}

/** An empty form. */
export const EMPTY_CONTACT: ContactValues = {
  name: '',
  phone: '',
  email: '',
  problemType: '',
  policyNo: '',
  nationalId: '',
  content: '',
  consent: false,
};
