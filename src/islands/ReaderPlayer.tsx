/**
 * The audio reader player (spec §2 "audio reader player", §3 reader state, §4 reader transitions), with howler.
 * SiteLayout mounts it (`client:idle`) only on pages that have a readerPath, so other pages load none of this;
 * howler itself loads on the first wish to listen (see loadHowler).
 *
 * `path` is the page's reader manifest (src/lib/reader-path.ts: JSON listing the page's MP3 segments and their
 * durations in ms), written at build time by src/integrations/reader.ts. The segments play one after the other
 * (the next one is preloaded while the current one plays); after the last one the reader pauses (spec §4 "audio
 * end becomes pause") and 播放 starts again from the beginning. 暫停 pauses, 停止 goes back to the start, 語速 sets
 * the playback rate of every segment (READER_SPEEDS). A progress bar shows the time read over the whole page;
 * status changes are announced in a polite live region (播放中 / 已暫停 / 已停止). Leaving the page (pagehide) stops
 * playback. A manifest or file that cannot load or play stops the reader and says so (無法播放語音), except a
 * manifest without segments (or none at all, HTTP 404): the page's audio is not made yet (the build's synthesis
 * time budget, READER_BUDGET_SECONDS, ran out before this page: speech never delays a publish; a later build
 * makes it), so the player takes itself away, showing nothing and saying nothing, and the reader stays stopped.
 *
 * Rooms (src/islands/reader/): useReaderAnnouncement (the live region, failures), useReaderManifest (the manifest,
 * hydration), useReaderPlayback (the status and speed drive the sound) over useReaderSegments (the segments as
 * howler sounds, one after the other), useReaderProgress (the bar while playing), ReaderPlayerView (the markup).
 *
 * Props: `path`: site path of the page's reader manifest.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $readerSpeed, $readerStatus } from '../stores/reader';
import { ReaderPlayerView } from './reader/ReaderPlayerView';
import { useReaderAnnouncement } from './reader/useReaderAnnouncement';
import { useReaderManifest } from './reader/useReaderManifest';
import { loadHowler, useReaderPlayback } from './reader/useReaderPlayback';
import { useReaderProgress } from './reader/useReaderProgress';

interface Props {
  path: string;
}

/** Starts loading howler ahead of 播放; a failure here is ignored (play loads it again and reports it). */
const prepareHowler = () => void loadHowler().catch(() => undefined);

export default function ReaderPlayer({ path }: Props) {
  const status = useStore($readerStatus);
  const speed = useStore($readerSpeed);
  const { announcement, announceStatus, fail } = useReaderAnnouncement(status);
  // `mounted`: the stored speed is only known in the browser: render the default until mounted (same HTML as the
  // server). `absent`: the page's audio is not made yet (no segments, or no manifest): no player at all.
  const { mounted, manifest, absent } = useReaderManifest(path, fail);
  const [positionMs, setPositionMs] = useState(0);
  const { readPositionMs } = useReaderPlayback({ manifest, status, speed, announceStatus, fail, setPositionMs });
  useReaderProgress({ manifest, status, readPositionMs, setPositionMs });

  if (absent) return null;
  return (
    <ReaderPlayerView
      status={status}
      mounted={mounted}
      speed={speed}
      positionMs={positionMs}
      totalMs={manifest?.durationMs ?? 0}
      announcement={announcement}
      onWishToListen={prepareHowler}
    />
  );
}
