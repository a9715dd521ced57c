/**
 * Texts of the appointment service (`/service`) alone: a module of its own so that they stay in that form's
 * JavaScript, out of the contact page's (texts both forms show: forms.ts; REFERENCE.md "Layers": interface text per widget).
 */
export const SERVICE_TEXT = {
  book: '送出預約',
  languageChoose: '請選擇語言',
  addressHint: '請填寫到府服務的縣市、區與詳細地址',
  dateHint: (leadDays: number, windowDays: number): string =>
    `可預約${leadDays === 1 ? '明天' : ` ${leadDays} 天後`}起至 ${windowDays} 天內的週一至週五（國定假日除外）`,
  dateSuggestions: '最近可預約日期',
  holidaysFailed: '國定假日資料暫時無法載入，送出後將由系統確認您選擇的日期是否可預約。',
  noteHint: '例如：欲諮詢的保險種類、需要協助的事項',
  /**
   * The portal has no appointment endpoint (HTTP 404/405/501 on submit; the endpoint is beyond REFERENCE.md "Portal API"): online booking
   * cannot work, the hotline can. Shown as a toast and in the form (the number as a tel: link); the fields stay.
   */
  bookingUnavailable: (tel: string, time: string): string => `線上預約服務目前無法使用，請來電客服專線 ${tel}（${time}）由專人為您預約。`,
  bookingKeptNote: '您填寫的內容已保留在此頁，來電時可參考。',
} as const;
