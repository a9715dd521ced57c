/**
 * A failed parse of a form schema, as the visitor reads it: one message per field (inline errors, error summary)
 * or one line (the portal's answer). Takes zod's `{ issues: [{ path, message }] }` shape without importing zod.
 *
 * Shared by the browser and the sample portal; imports nothing.
 */

/** One message per top-level field (the first issue of each), keyed by field name; `''` for form-level issues. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** All field messages in one line for the portal's answer: `資料有誤：請輸入姓名；Email 格式不正確…`. */
export const errorLine = (error: Parameters<typeof fieldErrors>[0]): string => `資料有誤：${Object.values(fieldErrors(error)).join('；')}`;
