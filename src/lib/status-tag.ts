/**
 * Texts of the status marks of list items (src/components/StatusTag.astro), also read
 * by the coupon pages for the links' accessible names.
 */
export const STATUS_TAG_TEXT = {
  /** A pinned item (`isTop`): listed before newer ones. */
  pinned: '置頂',
  /** An offer past its last day (src/lib/taipei-dates.ts hasEnded). */
  ended: '已結束',
  /** An offer before its first day (src/lib/taipei-dates.ts hasNotStarted). */
  upcoming: '尚未開始',
} as const;
