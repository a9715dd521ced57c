/**
 * The contact form's schema (客戶意見信箱, `/contact`; fields and limits in contact.ts). The browser validates with it
 * on blur and on submit (src/islands/ContactForm.tsx loads this module on the visitor's first interaction with the
 * form); the sample portal validates `addProblemForm` with the same schema (scripts/sample-portal/forms.mjs).
 *
 * Shared by the browser and the sample portal: imports only zod/mini and this folder.
 */
import * as z from 'zod/mini';
import { CONTACT_FIELDS, CONTACT_LIMITS, POLICY_NO_PATTERN } from './contact.ts';
import { consentField, emailField, nationalIdField, phoneField, requiredText } from './fields.ts';

/** What the visitor fills in (the draft kept across reloads: never the captcha). */
export const contactFieldsSchema = z.object({
  name: requiredText(CONTACT_FIELDS.name, CONTACT_LIMITS.name),
  phone: phoneField(),
  email: emailField(),
  problemType: z
    .string('請選擇問題類別')
    .check(z.trim(), z.minLength(1, '請選擇問題類別'), z.maxLength(CONTACT_LIMITS.problemType, '問題類別不在選項中')),
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
  captchaId: z.string('驗證碼已失效，請按「換一張」取得新的驗證碼').check(z.minLength(1, '驗證碼已失效，請按「換一張」取得新的驗證碼')),
  captcha: requiredText(CONTACT_FIELDS.captcha, CONTACT_LIMITS.captcha),
});

/** A submission as the schema leaves it (trimmed, upper-cased ids). */
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
