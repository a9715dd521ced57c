/**
 * The engine text of each segment, kept between builds (`<cacheDir>/spoken-<engine>.json`): the readings of
 * readings.ts cost about 0.7 ms per segment (pinyin-pro), seconds per build at thousands of items, for text that
 * rarely changes. A rebuild looks a segment up by the sha256 of its text and computes only new text.
 *
 * The file holds a signature: sha256 of the source of the modules that make the engine text (readings.ts,
 * pronunciation.ts, the lexicon in src/site/pronunciation.ts) and the versions of pinyin-pro and opencc-js. Any change
 * to them makes the whole file miss, so a changed reading is never served from an old entry. A file that cannot be
 * read or parsed is a miss too; the build never fails over it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedReaderSettings } from './settings.ts';

/** The files whose content decides the engine text of a segment, relative to this folder. */
const SOURCES = ['readings.ts', 'pronunciation.ts', '../../site/pronunciation.ts'];
/** The packages whose version decides it. */
const PACKAGES = ['pinyin-pro', 'opencc-js'];

/**
 * The installed version of package `name`, from the package.json above its entry point (opencc-js does not export
 * its package.json). Throws when there is none.
 */
function packageVersion(name: string): string {
  let folder = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === name && parsed.version) return parsed.version;
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`Reader: no package.json of ${name}`);
    folder = parent;
  }
}

/** The signature of the code and data that make the engine text (computed once per process). */
let signature: string | undefined;
function spokenSignature(): string {
  if (signature) return signature;
  const hash = createHash('sha256');
  for (const source of SOURCES) hash.update(readFileSync(fileURLToPath(new URL(source, import.meta.url))));
  for (const name of PACKAGES) hash.update(`${name}@${packageVersion(name)}`);
  signature = hash.digest('hex');
  return signature;
}

/** The memo of one build: `get` before computing a segment's engine text, `save` once the plan is made. */
export interface SpokenCache {
  /** The engine text of `segment`, computed by `compute` unless the previous build had it. */
  get(segment: string, compute: (segment: string) => string): string;
  /** Writes the entries this build used (and only them: text no page has any more is dropped). Never rejects. */
  save(): Promise<void>;
}

/** sha256 hex of a segment's text. */
const keyOf = (segment: string): string => createHash('sha256').update(segment).digest('hex');

/**
 * Opens the memo of `settings.engine` in `settings.cacheDir`: the previous build's entries when its signature is this
 * code's, else none. Never rejects.
 */
export async function openSpokenCache(settings: Pick<ResolvedReaderSettings, 'cacheDir' | 'engine'>): Promise<SpokenCache> {
  const file = path.join(settings.cacheDir, `spoken-${settings.engine}.json`);
  let previous: Record<string, string> = {};
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { signature?: string; entries?: Record<string, string> };
    if (stored.signature === spokenSignature() && stored.entries) previous = stored.entries;
  } catch {
    // No memo yet, or an unreadable one: every segment is computed.
  }
  const used: Record<string, string> = {};
  let changed = false;
  return {
    get(segment, compute) {
      const key = keyOf(segment);
      const known = used[key] ?? previous[key];
      if (known !== undefined) {
        used[key] = known;
        return known;
      }
      changed = true;
      used[key] = compute(segment);
      return used[key];
    },
    async save() {
      if (!changed && Object.keys(used).length === Object.keys(previous).length) return;
      try {
        await mkdir(settings.cacheDir, { recursive: true });
        // Written aside and renamed, so that a build reading the memo at the same time sees a whole file.
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify({ signature: spokenSignature(), entries: used }));
        await rename(temporary, file);
      } catch {
        // A memo that cannot be written costs the next build time, not its audio.
      }
    },
  };
}
