/** Texts of the notifications: bell panel, banner, system dialog (REFERENCE.md "Widget states"; NotificationCenter.astro writes them, NotificationCenter.ts the date line). */
export const NOTIFICATION_TEXT = {
  bell: {
    title: '最新公告',
    empty: '目前尚無公告',
    close: '關閉最新公告',
    more: '查看詳情',
    /** Under the list when the answer held more bell notifications than NOTIFICATIONS_SHOWN_MAX.bell. */
    notShown: (count: number): string => `另有 ${count} 則公告未顯示`,
  },
  banner: { dismiss: '我知道了', label: '重要公告' },
  systemDialog: { title: '系統公告', confirm: '確認' },
  /**
   * 'N 天前' (REFERENCE.md "Widget states": days since the start), from 0 天前 on the start day itself; a start still to come has no
   * days since it, so its line shows the date alone (notification-fill.ts).
   */
  daysAgo: (days: number): string => `${days} 天前`,
} as const;
