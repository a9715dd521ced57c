/**
 * Texts of the contact form and the appointment form (field labels and validation messages: src/lib/forms/, shared
 * with the sample portal; business constants: src/site.ts).
 *
 * Kept beside the form islands rather than in src/site.ts on purpose: site.ts ends up in one chunk that every page
 * loads, so these ~2 KB (gzip) of copy would weigh on all pages instead of the two form pages (DESIGN.md §9 budgets).
 */
export const FORM_TEXT = {
  required: '必填',
  optional: '選填',
  submit: '送出',
  sending: '送出中…',
  book: '送出預約',
  summaryTitle: (count: number): string => `有 ${count} 個欄位需要修正`,
  failedTitle: '送出未完成',
  keptNote: '您填寫的內容已保留，請確認後再按一次送出。',
  networkError: '網路連線異常，請稍後再試。',
  timeoutError: '連線逾時，請稍後再試。',
  serverError: '系統暫時無法處理，請稍後再試。',
  codeError: (code: string): string => `送出失敗（代碼 ${code}），請稍後再試。`,
  captchaWrong: '驗證碼錯誤，請重新輸入新的驗證碼。',
  successToast: '已成功送出。',
  charCount: (count: number, max: number): string => `${count} / ${max} 字`,
  charLeft: (left: number): string => (left >= 0 ? `還可輸入 ${left} 字` : `已超過 ${-left} 字`),
  phoneHint: '手機（例：0912345678）或含區碼的市話（例：02-2562-8888）',
  emailHint: '回覆將寄送至此信箱',
  policyNoHint: '如詢問特定保單，請填寫保單號碼',
  nationalIdHint: '如需查詢本人保單，請填寫以利核對身分（例：A123456789）',
  problemTypeChoose: '請選擇',
  problemTypesFallbackNote: '問題類別暫時無法從系統載入，以下為常用類別。',
  consentBefore: '我已閱讀並同意',
  consentLink: '隱私權保護政策',
  consentAfter: '，同意貴公司為處理本次服務蒐集、處理及利用我的個人資料。',
  captchaUnavailable: '無法載入',
  captchaImageAlt: '驗證碼圖片：請輸入圖中的 4 個英文字母或數字；無法辨識時請按「換一張」或「語音播放」',
  /** The image's text alternative once the portal turned out to have no spoken captcha (issue 13 item 5). */
  captchaImageAltNoAudio: '驗證碼圖片：請輸入圖中的 4 個英文字母或數字；無法辨識時請按「換一張」，或來電客服專線由專人協助留言',
  captchaLoading: '驗證碼載入中…',
  captchaFailed: '驗證碼無法載入，請按「換一張」重試。',
  captchaRefresh: '換一張',
  captchaListen: '語音播放',
  captchaHint: '英文字母不分大小寫。',
  captchaNoSpeech: '您的瀏覽器無法播放語音驗證碼。',
  /** 語音播放 pressed, the portal has no spoken captcha (HTTP 404/405/501): the button goes (issue 13 item 5). */
  captchaAudioMissing: '本站目前未提供語音驗證碼。',
  /** 語音播放 pressed, the spoken captcha did not arrive (network, timeout, 5xx): the button stays. */
  captchaAudioFailed: '語音驗證碼暫時無法取得，請稍後再按一次「語音播放」。',
  captchaHelp: (tel: string, time: string, withAudio = true): string =>
    withAudio
      ? `無法辨識驗證碼時，可按「換一張」、「語音播放」，或來電客服專線 ${tel}（${time}）由專人協助留言。`
      : `無法辨識驗證碼時，可按「換一張」換一張圖片，或來電客服專線 ${tel}（${time}）由專人協助留言。`,
  captchaRenewed: '已更換新的驗證碼，請重新輸入。',
  serviceTypeLegend: '服務項目',
  languageChoose: '請選擇語言',
  addressHint: '請填寫到府服務的縣市、區與詳細地址',
  dateHint: (leadDays: number, windowDays: number): string =>
    `可預約${leadDays === 1 ? '明天' : ` ${leadDays} 天後`}起至 ${windowDays} 天內的週一至週五（國定假日除外）`,
  dateSuggestions: '最近可預約日期',
  holidaysFailed: '國定假日資料暫時無法載入，送出後將由系統確認您選擇的日期是否可預約。',
  timeLegend: '預約時段',
  timeChooseDateFirst: '請先選擇預約日期',
  noteHint: '例如：欲諮詢的保險種類、需要協助的事項',
  /**
   * The portal has no appointment endpoint (HTTP 404/405/501 on submit, issue 13 item 5): online booking cannot
   * work, the hotline can. Shown as a toast and in the form (the number as a tel: link); the fields stay.
   */
  bookingUnavailable: (tel: string, time: string): string =>
    `線上預約服務目前無法使用，請來電客服專線 ${tel}（${time}）由專人為您預約。`,
  bookingKeptNote: '您填寫的內容已保留在此頁，來電時可參考。',
} as const;
