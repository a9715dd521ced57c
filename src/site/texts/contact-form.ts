/**
 * Texts of the contact form (`/contact`) alone, its captcha's included: a module of its own so that they stay in
 * that form's JavaScript, out of the appointment page's (texts both forms show: forms.ts; REFERENCE.md "Layers": interface text
 * per widget).
 */
export const CONTACT_TEXT = {
  submit: '送出',
  emailHint: '回覆將寄送至此信箱',
  policyNoHint: '如詢問特定保單，請填寫保單號碼',
  nationalIdHint: '如需查詢本人保單，請填寫以利核對身分（例：A123456789）',
  problemTypeChoose: '請選擇',
  problemTypesFallbackNote: '問題類別暫時無法從系統載入，以下為常用類別。',
  captchaUnavailable: '無法載入',
  captchaImageAlt: '驗證碼圖片：請輸入圖中的 4 個英文字母或數字；無法辨識時請按「換一張」或「語音播放」',
  /**
   * The image's text alternative once the portal turned out to have no spoken captcha (getCaptchaAudio is beyond
   * REFERENCE.md "Portal API").
   */
  captchaImageAltNoAudio: '驗證碼圖片：請輸入圖中的 4 個英文字母或數字；無法辨識時請按「換一張」，或來電客服專線由專人協助留言',
  captchaLoading: '驗證碼載入中…',
  captchaFailed: '驗證碼無法載入，請按「換一張」重試。',
  captchaRefresh: '換一張',
  captchaListen: '語音播放',
  captchaHint: '英文字母不分大小寫。',
  captchaNoSpeech: '您的瀏覽器無法播放語音驗證碼。',
  /** 語音播放 pressed, the portal has no spoken captcha (HTTP 404/405/501): the button goes, never a dead button. */
  captchaAudioMissing: '本站目前未提供語音驗證碼。',
  /** 語音播放 pressed, the spoken captcha did not arrive (network, timeout, 5xx): the button stays. */
  captchaAudioFailed: '語音驗證碼暫時無法取得，請稍後再按一次「語音播放」。',
  captchaHelp: (tel: string, time: string, withAudio = true): string =>
    withAudio
      ? `無法辨識驗證碼時，可按「換一張」、「語音播放」，或來電客服專線 ${tel}（${time}）由專人協助留言。`
      : `無法辨識驗證碼時，可按「換一張」換一張圖片，或來電客服專線 ${tel}（${time}）由專人協助留言。`,
  captchaRenewed: '已更換新的驗證碼，請重新輸入。',
} as const;
