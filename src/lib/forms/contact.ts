/**
 * The contact form (客戶意見信箱, `/contact`): its fields, limits and schema. The browser validates with it on
 * blur and on submit (src/islands/ContactForm.tsx); the sample portal validates `addProblemForm` with the same
 * schema (scripts/sample-portal/server.mjs). Spec §5 shows no field rules; these are the site's.
 *
 * Payload of `POST /api/portalCustomerProblemForm/addProblemForm`: the fields below, all strings except
 * `consent` (true), plus `captchaId` (from getCaptcha) and `captcha` (what the visitor read).
 *
 * Shared by the browser and the sample portal: imports only zod/mini and this folder.
 */
import * as z from 'zod/mini';
import { consentField, emailField, nationalIdField, phoneField, requiredText } from './fields.ts';

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

/** What the visitor fills in (the draft kept across reloads: never the captcha). */
export const contactFieldsSchema = z.object({
  name: requiredText(CONTACT_FIELDS.name, CONTACT_LIMITS.name),
  phone: phoneField(),
  email: emailField(),
  problemType: z.string('請選擇問題類別').check(
    z.trim(),
    z.minLength(1, '請選擇問題類別'),
    z.maxLength(CONTACT_LIMITS.problemType, '問題類別不在選項中'),
  ),
  policyNo: z.string('保單號碼格式不正確').check(
    z.trim(),
    z.toUpperCase(),
    z.refine(
      (value: string) => value === '' || POLICY_NO_PATTERN.test(value),
      `保單號碼格式不正確，請輸入 6 至 ${CONTACT_LIMITS.policyNo} 碼英文字母、數字或連字號`,
    ),
  ),
  nationalId: nationalIdField(),
  content: requiredText(CONTACT_FIELDS.content, CONTACT_LIMITS.content),
  consent: consentField(),
});

/** The whole submission: the fields plus the captcha. */
export const contactSubmissionSchema = z.extend(contactFieldsSchema, {
  captchaId: z.string('驗證碼已失效，請按「換一張」取得新的驗證碼').check(
    z.minLength(1, '驗證碼已失效，請按「換一張」取得新的驗證碼'),
  ),
  captcha: requiredText(CONTACT_FIELDS.captcha, CONTACT_LIMITS.captcha),
});

/** A submission as the schema leaves it (trimmed, upper-cased ids). */
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

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
