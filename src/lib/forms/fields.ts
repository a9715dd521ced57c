/**
 * Building blocks of the form schemas: text fields with zh-TW messages that name the field (the conversion of a
 * failed parse into messages is in issues.ts, which the browser needs before it loads zod).
 *
 * Shared by the browser and the sample portal: imports only zod/mini (lean in the browser bundle) and this folder.
 */
import * as z from 'zod/mini';
import { charCount, isValidEmail } from './text.ts';
import { isValidPhone } from './phone-validation.ts';
import { hasNationalIdShape, isValidNationalId } from './national-id.ts';

/** A string field; any other type (or a missing field) gets `typeMessage`. Surrounding spaces are trimmed. */
const text = (typeMessage: string) => z.string(typeMessage).check(z.trim());

/** A required text of at most `max` characters: `請輸入{label}` / `{label}請勿超過 {max} 字`. */
export const requiredText = (label: string, max: number) =>
  text(`請輸入${label}`).check(
    z.minLength(1, `請輸入${label}`),
    z.refine((value: string) => charCount(value) <= max, `${label}請勿超過 ${max} 字`),
  );

/** An optional text (empty allowed) of at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  text(`${label}格式不正確`).check(z.refine((value: string) => charCount(value) <= max, `${label}請勿超過 ${max} 字`));

/** 聯絡電話: a mobile 09xxxxxxxx or a landline with area code (see phone-validation.ts). */
export const phoneField = () =>
  text('請輸入聯絡電話').check(z.minLength(1, '請輸入聯絡電話'), z.refine(isValidPhone, '聯絡電話格式不正確，請輸入手機號碼或含區碼的市話'));

/** Email. */
export const emailField = () =>
  text('請輸入 Email').check(z.minLength(1, '請輸入 Email'), z.refine(isValidEmail, 'Email 格式不正確，例：name@example.com'));

/** 身分證字號, optional: when given, the shape and then the checksum (national-id.ts). */
export const nationalIdField = () =>
  text('身分證字號格式不正確').check(
    z.toUpperCase(),
    z.refine((value: string) => value === '' || hasNationalIdShape(value), '身分證字號格式不正確，應為 1 個英文字母加 9 個數字（例：A123456789）'),
    z.refine((value: string) => value === '' || !hasNationalIdShape(value) || isValidNationalId(value), '身分證字號檢查碼不正確，請確認是否輸入正確'),
  );

const CONSENT_MESSAGE = '請閱讀並勾選同意隱私權保護政策';

/**
 * Consent to the privacy statement: must be `true`. A refinement rather than `z.literal(true)`, so that an
 * unticked box does not stop the form-level checks (a literal mismatch aborts the object's own checks).
 */
export const consentField = () => z.boolean(CONSENT_MESSAGE).check(z.refine((value: boolean) => value, CONSENT_MESSAGE));
