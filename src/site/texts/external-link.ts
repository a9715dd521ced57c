/** Texts of the external-link confirmation (REFERENCE.md "Constants"). */

/** The external-link confirmation (REFERENCE.md "Constants"). */
export const EXTERNAL_LINK_TEXT = {
  title: '是否前往外部網站',
  text: '您將離開本公司網站，前往外部網站~',
  /** Before the host the link leads to (the name the browser will reach, REFERENCE.md "Constants"). */
  destination: '目的網站：',
  confirm: '確定前往',
  cancel: '取消',
} as const;
