/**
 * Texts of the two form islands (the contact form and the appointment form) and around them: tags, the summary,
 * the submit row, failures, the counter, 聯絡電話 and the consent (FORM_TEXT), and the placeholder until an island
 * has loaded (FORM_LOADING_TEXT). Each form's own copy is contact-form.ts (CONTACT_TEXT, with the captcha) and
 * service-form.ts (SERVICE_TEXT), so that each form page loads only its own (REFERENCE.md "Layers": texts per
 * widget, so bundles stay split). Field labels and validation messages: src/lib/forms/, shared with the sample portal.
 */

/** Text of the placeholder where a form island will mount (/service, /contact) until it has loaded. */
export const FORM_LOADING_TEXT = '線上表單載入中…如無法使用，請來電客服專線。';

/** Texts both form islands show. */
export const FORM_TEXT = {
  required: '必填',
  optional: '選填',
  sending: '送出中…',
  summaryTitle: (count: number): string => `有 ${count} 個欄位需要修正`,
  failedTitle: '送出未完成',
  keptNote: '您填寫的內容已保留，請確認後再按一次送出。',
  networkError: '網路連線異常，請稍後再試。',
  timeoutError: '連線逾時，請稍後再試。',
  serverError: '系統暫時無法處理，請稍後再試。',
  codeError: (code: string): string => `送出失敗（代碼 ${code}），請稍後再試。`,
  captchaWrong: '驗證碼錯誤，請重新輸入新的驗證碼。',
  charCount: (count: number, max: number): string => `${count} / ${max} 字`,
  charLeft: (left: number): string => (left >= 0 ? `還可輸入 ${left} 字` : `已超過 ${-left} 字`),
  phoneHint: '手機（例：0912345678）或含區碼的市話（例：02-2562-8888）',
  consentBefore: '我已閱讀並同意',
  consentLink: '隱私權保護政策',
  consentAfter: '，同意貴公司為處理本次服務蒐集、處理及利用我的個人資料。',
} as const;
