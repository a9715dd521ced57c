/**
 * The page's reader manifest, as the player needs it (spec §3 reader state; src/lib/reader-path.ts ReaderManifest:
 * the page's MP3 segments and their durations in ms, written at build time by src/integrations/reader.ts).
 *
 * `useReaderManifest(path, fail)` → `{ mounted, manifest, absent }`:
 * - `path`: site path of the page's manifest; on mount it becomes the reader's path (loadReaderPath), and the
 *   manifest fetched is the one of the store's path ($readerPath), so a new path loads its own manifest.
 * - `mounted`: false on the server and in the first browser render, true once the island has hydrated (the stored
 *   speed is only known in the browser, and the controls wait for it: see ReaderPlayerView).
 * - `manifest`: the loaded manifest with at least one segment, undefined while loading or when there is none.
 * - `absent`: the page's audio is not made yet: its manifest has no segments, or there is none (HTTP 404). The
 *   build's synthesis time budget (READER_BUDGET_SECONDS) ran out before this page and a later build makes it;
 *   the player then takes itself away, showing and saying nothing, and the reader stays stopped.
 * - `fail()` is called when the manifest cannot load for any other reason (network, HTTP error, bad JSON); a
 *   request aborted because the path changed or the player went away is not a failure.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ReaderManifest } from '../../lib/reader-path';
import { $readerPath, loadReaderPath } from '../../stores/reader';

/** The status of a manifest that does not exist: the page's audio is not made yet. */
const HTTP_NOT_FOUND = 404;

export function useReaderManifest(path: string, fail: () => void): { mounted: boolean; manifest: ReaderManifest | undefined; absent: boolean } {
  const readerPath = useStore($readerPath);
  const [mounted, setMounted] = useState(false);
  const [manifest, setManifest] = useState<ReaderManifest | undefined>(undefined);
  const [absent, setAbsent] = useState(false);

  useEffect(() => {
    setMounted(true);
    loadReaderPath(path);
  }, [path]);

  // The manifest of the page's audio (a small JSON file).
  useEffect(() => {
    setManifest(undefined);
    setAbsent(false);
    if (!readerPath) return;
    const controller = new AbortController();
    fetch(readerPath, { signal: controller.signal })
      .then((response) => {
        if (response.status === HTTP_NOT_FOUND) {
          if (!controller.signal.aborted) setAbsent(true);
          return undefined;
        }
        if (!response.ok) throw new Error(`${readerPath}: HTTP ${response.status}`);
        return response.json() as Promise<ReaderManifest>;
      })
      .then((loaded) => {
        if (controller.signal.aborted || loaded === undefined) return;
        if (loaded.segments?.length) setManifest(loaded);
        else setAbsent(true);
      })
      .catch(() => {
        if (!controller.signal.aborted) fail();
      });
    return () => controller.abort();
  }, [readerPath]);

  return { mounted, manifest, absent };
}
