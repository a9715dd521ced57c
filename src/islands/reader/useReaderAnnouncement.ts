/**
 * What the reader player says in its polite live region (spec §2 "audio reader player": status changes are
 * announced): 播放中 / 已暫停 / 已停止 when the status changes, 無法播放語音 when the audio fails.
 *
 * `useReaderAnnouncement(status)` → `{ announcement, announceStatus, fail }`:
 * - `announcement`: the text the live region holds now ('' until the first change).
 * - `announceStatus(status)`: called each time the status drives the sound (useReaderPlayback); announces the
 *   status when it differs from the last one seen (the first render's status counts as seen, so a stopped reader
 *   says nothing on load). A stop that a failure caused is announced as the failure, not as 已停止; any status
 *   other than stop clears the failure.
 * - `fail()`: a manifest or file that cannot load or play: remembers the failure, announces 無法播放語音 and stops
 *   the reader (stopReader).
 */
import { useRef, useState } from 'react';
import { READER_TEXT } from '../../site/texts/reader';
import { stopReader, type ReaderStatus } from '../../stores/reader';

export function useReaderAnnouncement(status: ReaderStatus): {
  announcement: string;
  announceStatus: (status: ReaderStatus) => void;
  fail: () => void;
} {
  const [announcement, setAnnouncement] = useState('');
  const lastStatus = useRef(status);
  const failed = useRef(false);

  const fail = () => {
    failed.current = true;
    setAnnouncement(READER_TEXT.error);
    stopReader();
  };

  const announceStatus = (now: ReaderStatus) => {
    if (now !== lastStatus.current) {
      setAnnouncement(now === 'stop' && failed.current ? READER_TEXT.error : READER_TEXT.status[now]);
    }
    lastStatus.current = now;
    if (now !== 'stop') failed.current = false;
  };

  return { announcement, announceStatus, fail };
}
