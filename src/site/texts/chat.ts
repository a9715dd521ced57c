/** Texts of the chat room (REFERENCE.md "Widget states": the chatbot frame kept across pages). */

/** The chat room 智能客服. */
export const CHAT_TEXT = {
  open: '智能客服',
  close: '關閉智能客服',
  title: '智能客服',
  frameTitle: '和泰產險智能客服對話視窗',
  /** The link that opens the chatbot page in a new tab (followed by UI_TEXT.newWindow). */
  newTab: '開啟完整頁面',
} as const;
