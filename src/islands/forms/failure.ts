/**
 * What a failed submission says to the visitor (zh-TW), from the portal client's typed errors (src/portal/errors.ts):
 * network failure and HTTP 5xx → 網路連線異常, timeout → 連線逾時, code 40002 → 驗證碼錯誤 (on the captcha field),
 * any other portal code → the portal's own message (business errors: validation, rate limit, maintenance).
 * HTTP 404/405/501 say the endpoint is missing, not that the portal is busy (the insurer's portal may
 * lack a call that REFERENCE.md "Portal API" does not list): a form that names a message for that case shows it instead.
 */
import { PortalCodeError, PortalFormatError, PortalHttpError, PortalNetworkError, PortalTimeoutError } from '../../portal/errors';
import { FORM_TEXT } from '../../site/texts/forms';

/**
 * HTTP statuses that mean "this portal has no such endpoint" (404 Not Found, 405 Method Not Allowed, 501 Not
 * Implemented), as opposed to a transient failure (network, timeout, 5xx) worth retrying (RFC 9110 §15.5.5, §15.5.6,
 * §15.6.2).
 */
export const MISSING_ENDPOINT_STATUSES: readonly number[] = [404, 405, 501];

/** Whether a portal call failed because the portal lacks the endpoint (see MISSING_ENDPOINT_STATUSES). */
export const isEndpointMissing = (error: unknown): boolean => error instanceof PortalHttpError && MISSING_ENDPOINT_STATUSES.includes(error.status);

/** The portal's code for a wrong or spent captcha (sample portal README "Forms"). */
export const CAPTCHA_WRONG_CODE = 40002;

export interface SubmitFailure {
  /** The message for the toast and the form's alert. */
  message: string;
  /** A field the message belongs to (shown inline there too). */
  field?: string;
  /** A hotline number written in `message`, shown there as a `tel:` link (the endpoint-missing case). */
  tel?: string;
  /** Replaces FORM_TEXT.keptNote under the message (e.g. when sending again cannot help). */
  keptNote?: string;
}

/**
 * The visitor-facing description of a failed submission.
 * @param error  what the portal client threw (src/portal/errors.ts), or anything else (→ 網路連線異常).
 * @param whenMissing  the description to give when the endpoint is missing (isEndpointMissing); without it such an
 *   answer reads 送出失敗（代碼 HTTP 404）.
 */
export function describeFailure(error: unknown, whenMissing?: SubmitFailure): SubmitFailure {
  if (whenMissing && isEndpointMissing(error)) return whenMissing;
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
