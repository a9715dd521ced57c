/**
 * What a failed submission says to the visitor (zh-TW), from the portal client's typed errors (src/portal/errors.ts):
 * network failure and HTTP 5xx → 網路連線異常, timeout → 連線逾時, code 40002 → 驗證碼錯誤 (on the captcha field),
 * any other portal code → the portal's own message (business errors: validation, rate limit, maintenance).
 */
import {
  PortalCodeError,
  PortalFormatError,
  PortalHttpError,
  PortalNetworkError,
  PortalTimeoutError,
} from '../../portal/errors';
import { FORM_TEXT } from './text';

/** The portal's code for a wrong or spent captcha (sample portal README "Forms"). */
export const CAPTCHA_WRONG_CODE = 40002;

export interface SubmitFailure {
  /** The message for the toast and the form's alert. */
  message: string;
  /** A field the message belongs to (shown inline there too). */
  field?: string;
}

/** The visitor-facing description of a failed submission. */
export function describeFailure(error: unknown): SubmitFailure {
  if (error instanceof PortalCodeError) {
    if (error.code === CAPTCHA_WRONG_CODE) return { message: FORM_TEXT.captchaWrong, field: 'captcha' };
    return { message: error.portalMessage.trim() || FORM_TEXT.codeError(String(error.code)) };
  }
  if (error instanceof PortalTimeoutError) return { message: FORM_TEXT.timeoutError };
  if (error instanceof PortalHttpError && error.status < 500) return { message: FORM_TEXT.codeError(`HTTP ${error.status}`) };
  if (error instanceof PortalFormatError) return { message: FORM_TEXT.serverError };
  if (error instanceof PortalNetworkError || error instanceof PortalHttpError) return { message: FORM_TEXT.networkError };
  return { message: FORM_TEXT.networkError };
}
