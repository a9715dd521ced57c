/**
 * Texts of the success pages' receipt (src/components/SubmissionReceipt.astro, `/contact/success` and
 * `/service/success`): the portal's reference with its copy button, what was booked, the line shown when the portal's
 * answer had no reference, and the page a visitor sees who opened a success page without having sent the form in this
 * tab (no made-up reference: the hero's title and line are replaced and the form is linked). The pages' other text:
 * src/content/pages/contact/success.md and service/success.md. No e-mail is promised: the portal's calls (REFERENCE.md "Portal API")
 * say nothing of one.
 */

/** Texts of one success page. */
interface ReceiptPageText {
  /** Heading of the receipt box (what the portal received). */
  title: string;
  /** Name of the portal's reference. */
  referenceLabel: string;
  /** Under the reference: what it is for. */
  referenceHint: string;
  /** Instead of the reference when the portal's answer had none: received all the same, and how to follow up. */
  noReference: string;
  /** The hero's title and line when this tab has sent no such form. */
  emptyTitle: string;
  emptyDescription: string;
  /** The box's text then, true also when the browser could not keep the receipt (storage refused). */
  emptyText: string;
  /** The link to the form then. */
  formLink: string;
}

/** Each success page's texts, by form. */
export const RECEIPT_TEXT: Readonly<Record<'contact' | 'service', ReceiptPageText>> = {
  contact: {
    title: '留言已送出',
    referenceLabel: '案件編號',
    referenceHint: '查詢留言處理情形時，請提供此編號。',
    noReference: '如需查詢留言處理情形，請來電客服專線，並告知您留言時填寫的姓名與聯絡電話。',
    emptyTitle: '查無剛送出的留言',
    emptyDescription: '此頁在您送出線上留言後顯示送出結果。',
    emptyText: '送出結果只會顯示在您送出留言的瀏覽器分頁中，這個分頁沒有剛送出的留言。如需與我們聯繫，歡迎使用客戶意見信箱線上留言。',
    formLink: '前往客戶意見信箱',
  },
  service: {
    title: '預約內容',
    referenceLabel: '預約編號',
    referenceHint: '變更或取消預約時，請提供此編號。',
    noReference: '如需變更或取消預約，請來電客服專線，並告知您預約時填寫的姓名與聯絡電話。',
    emptyTitle: '查無剛送出的預約',
    emptyDescription: '此頁在您送出線上預約後顯示預約內容。',
    emptyText: '預約內容只會顯示在您送出預約的瀏覽器分頁中，這個分頁沒有剛送出的預約。如需預約服務，歡迎使用線上預約。',
    formLink: '前往預約服務',
  },
};

/** The copy button of a reference and what it says once pressed (a polite status line). */
export const RECEIPT_COPY_TEXT = {
  button: '複製',
  /** The button's accessible name: 複製案件編號. */
  buttonLabel: (label: string): string => `複製${label}`,
  copied: (label: string): string => `已複製${label}`,
  /** The browser refused the clipboard: the reference is selected for the visitor to copy. */
  failed: (label: string): string => `無法自動複製，已選取${label}，請自行複製。`,
} as const;
