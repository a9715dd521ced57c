/** Texts of the toasts (REFERENCE.md "Failures"). */

/** Toasts. */
export const TOAST_TEXT = { region: '通知', close: '關閉通知' } as const;
