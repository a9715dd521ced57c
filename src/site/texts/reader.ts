/** Texts of the audio reader player (REFERENCE.md "Page frame": "audio reader player"). */

/** The audio reader player. */
export const READER_TEXT = {
  label: '語音朗讀',
  play: '播放',
  pause: '暫停',
  stop: '停止',
  speed: '語速',
  progress: '朗讀進度',
  /** Announced (aria-live) when the reader's status changes. */
  status: { play: '播放中', pause: '已暫停', stop: '已停止' },
  /** Announced when the page's audio cannot be loaded or played. */
  error: '無法播放語音',
} as const;
