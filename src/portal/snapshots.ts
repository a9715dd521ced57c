/**
 * Portal snapshots and the build report (the publishing pipeline never ships a broken or unsafe site, REFERENCE.md "Publishing rules").
 *
 * - A **snapshot** is the last good copy of one portal list: `{ list, endpoint, fetchedAt, items }` with the raw
 *   items exactly as the portal sent them (they passed the list's schema), one JSON file per list
 *   (`<dir>/<list>.json`). They are written only at the end of a successful build (src/integrations/publishing.ts)
 *   and only for lists that loaded live, so a failed build never replaces a good snapshot.
 * - **Stale-if-error**: when a list fails at build time, the loader may use its snapshot if it is younger than
 *   `maxAgeHours` (PORTAL_SNAPSHOT_MAX_AGE_HOURS, default in src/settings.ts).
 * - **Item-drop guard** (checkItemCount): a list that loads live with fewer than {@link PORTAL_MIN_ITEM_RATIO} of
 *   its **baseline** fails unless PORTAL_ALLOW_ITEM_DROP names it (`news,faqs` or `*`). The baseline is kept in the
 *   list's snapshot: the most items the list had in a published build, moved up by growth and down only by such a
 *   confirmation, so a list shrinking by a little less than half each build (42 → 21 → 11 → …) is refused at the
 *   step that crosses half of 42, not never. With no snapshot at all (a first build, or a snapshot folder lost) an
 *   empty list is refused unless confirmed the same way. A refusal is staged for the operator's and editors'
 *   messages (stageRefusal, readStagedRefusals: scripts/rebuild.mjs puts it in the job summary and the notification).
 * - **Staging** (REFERENCE.md "Layers": no process-wide registry): the loader and the build pipeline run in the one `astro
 *   build` process but through different module graphs, so the loader hands over what it used through files: once a
 *   list is in the content store, the loader stages its record (ListRecord: list, endpoint, source `live`|`snapshot`,
 *   fetchedAt, ageHours, item count, the raw items when live, and the stored entries `{ id, data }`) as
 *   `<dir>/staged/<list>.json` (stageList). The pipeline (src/integrations/pipeline.ts) empties `<dir>/staged/` when a
 *   build starts (clearStaging, at `astro:config:setup`, before the lists load), reads the staged records as its first
 *   step (readStagedLists: the redirect plan and the build report come from them) and, as its last step, commits the
 *   live ones as snapshots (writeSnapshots: each file written then renamed) and removes the staging folder. A build
 *   that fails never gets to the commit, so it never replaces a good snapshot; its staged records are dropped by the
 *   next build.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Settings } from '../settings.ts';
import { PAGE_DIGESTS_FILE, PORTAL_MIN_ITEM_RATIO, PORTAL_SNAPSHOT_FOLDER } from '../site/limits.ts';
import { ENDPOINTS, type EndpointName } from './endpoints.ts';
import type { QuarantinedItem, QuarantineMark } from './quarantine.ts';

/** One list's last good copy, as stored in `<dir>/<list>.json`. */
export interface Snapshot {
  list: EndpointName;
  /** e.g. `GET /api/PortalDecree/GetPutOnDecree` */
  endpoint: string;
  /** ISO 8601 time the items were fetched from the portal. */
  fetchedAt: string;
  /** The raw items, as the portal sent them; they passed the list's schema. */
  items: Record<string, unknown>[];
  /** Items quarantined in that build and since when, so the next build carries `since` on. */
  quarantined?: QuarantineMark[];
  /** The item-drop guard's baseline (checkItemCount); absent in snapshots written before it: their item count. */
  baseline?: ItemBaseline;
}

/**
 * The count the item-drop guard compares a live list with: the most items the list had in a published build, or
 * the count an editor confirmed (PORTAL_ALLOW_ITEM_DROP) since.
 */
export interface ItemBaseline {
  items: number;
  /** ISO 8601 time of the build that set it. */
  since: string;
}

/** Settings of snapshots and the item-drop guard. */
export interface SnapshotSettings {
  /** Absolute folder of the snapshot files. */
  dir: string;
  /** Oldest usable snapshot, in hours. */
  maxAgeHours: number;
  /** Lists allowed to lose more than half their items in this build; `'*'` for all. */
  allowDrop: ReadonlySet<string> | '*';
}

/** The PORTAL_SNAPSHOT_* and PORTAL_ALLOW_ITEM_DROP variables of src/settings.ts (checked and defaulted there). */
export type SnapshotEnvironment = Pick<Settings, 'PORTAL_SNAPSHOT_DIR' | 'PORTAL_SNAPSHOT_MAX_AGE_HOURS' | 'PORTAL_ALLOW_ITEM_DROP'>;

/**
 * The snapshot settings of the build's settings.
 *
 * In: PORTAL_SNAPSHOT_DIR (absolute or relative to the working directory), PORTAL_SNAPSHOT_MAX_AGE_HOURS (hours,
 * ≥ 0) and PORTAL_ALLOW_ITEM_DROP (comma-separated list names or `*`) of src/settings.ts, as the entry point read them;
 * `cacheDir`, Astro's cache folder (default `node_modules/.astro/`), holds the default snapshot folder.
 * @throws Error naming PORTAL_ALLOW_ITEM_DROP when it names a list the endpoint catalogue does not have.
 */
export function snapshotSettings(settings: SnapshotEnvironment, cacheDir?: URL | string): SnapshotSettings {
  const cache = cacheDir === undefined ? resolve('node_modules/.astro') : cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir;
  const custom = settings.PORTAL_SNAPSHOT_DIR;
  const dir = custom ? (isAbsolute(custom) ? custom : resolve(custom)) : join(cache, PORTAL_SNAPSHOT_FOLDER);
  const maxAgeHours = settings.PORTAL_SNAPSHOT_MAX_AGE_HOURS;
  const names = (settings.PORTAL_ALLOW_ITEM_DROP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*')) return { dir, maxAgeHours, allowDrop: '*' };
  const unknown = names.filter((name) => !Object.hasOwn(ENDPOINTS, name));
  if (unknown.length > 0) {
    throw new Error(`PORTAL_ALLOW_ITEM_DROP names unknown lists: ${unknown.join(', ')} (lists: ${Object.keys(ENDPOINTS).join(', ')}, or *).`);
  }
  return { dir, maxAgeHours, allowDrop: new Set(names) };
}

/** The file of a list's snapshot. */
export const snapshotFile = (dir: string, list: string): string => join(dir, `${list}.json`);

/**
 * Reads a list's snapshot.
 * @returns the snapshot, or undefined when there is none.
 * @throws Error naming the file when it exists but is not a snapshot of that list (unreadable JSON, wrong shape).
 */
export async function readSnapshot(dir: string, list: EndpointName): Promise<Snapshot | undefined> {
  const file = snapshotFile(dir, list);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let snapshot: Partial<Snapshot>;
  try {
    snapshot = JSON.parse(text) as Partial<Snapshot>;
  } catch (error) {
    throw new Error(`Snapshot ${file} is not JSON: ${(error as Error).message}`);
  }
  if (snapshot.list !== list || !Array.isArray(snapshot.items) || Number.isNaN(Date.parse(snapshot.fetchedAt ?? ''))) {
    throw new Error(`Snapshot ${file} is not a snapshot of the list "${list}" (needs list, fetchedAt and items).`);
  }
  return snapshot as Snapshot;
}

/** Age of a snapshot at `now` (ms since epoch), in hours. */
export const snapshotAgeHours = (snapshot: Pick<Snapshot, 'fetchedAt'>, now = Date.now()): number =>
  Math.max(0, (now - Date.parse(snapshot.fetchedAt)) / 3_600_000);

/** An age in hours for messages: `3.2 h`, `0.05 h`. */
export const formatHours = (hours: number): string => `${hours < 0.1 ? hours.toFixed(2) : hours.toFixed(1)} h`;

/** What the item-drop guard says of a live list (checkItemCount). */
export type ItemCountCheck =
  /** Published; `baseline` goes into the list's next snapshot. */
  | { refused?: undefined; baseline: ItemBaseline }
  /** Fewer than PORTAL_MIN_ITEM_RATIO of `baseline`, not confirmed. */
  | { refused: 'drop'; baseline: ItemBaseline }
  /** Empty, with no snapshot to compare with, not confirmed. */
  | { refused: 'empty' };

/**
 * The item-drop guard (module docstring): compares the live count of a list with its baseline.
 * @param list the list's name
 * @param count the live items that publish (quarantined ones count as lost)
 * @param previous the list's snapshot, if any (its baseline, or its item count when it has none)
 * @param allowDrop PORTAL_ALLOW_ITEM_DROP: lists confirmed to shrink (or to be empty in a first build)
 * @param now the build's time (a new baseline's `since`)
 * @returns the refusal, or the baseline for the next snapshot: raised to `count` when the list grew, set to it when
 *   a confirmed drop went below PORTAL_MIN_ITEM_RATIO, else unchanged (a drop within the ratio never lowers it)
 */
export function checkItemCount(
  list: string,
  count: number,
  previous: Pick<Snapshot, 'items' | 'fetchedAt' | 'baseline'> | undefined,
  allowDrop: SnapshotSettings['allowDrop'],
  now: Date,
): ItemCountCheck {
  const confirmed = allowDrop === '*' || allowDrop.has(list);
  const fresh = { items: count, since: now.toISOString() };
  if (!previous) return count === 0 && !confirmed ? { refused: 'empty' } : { baseline: fresh };
  const baseline = previous.baseline ?? { items: previous.items.length, since: previous.fetchedAt };
  if (count > baseline.items) return { baseline: fresh };
  if (count >= baseline.items * PORTAL_MIN_ITEM_RATIO) return { baseline };
  return confirmed ? { baseline: fresh } : { refused: 'drop', baseline };
}

/** A list the item-drop guard refused, as staged for the messages of a failed build (zh-TW for editors). */
export interface ItemCountRefusal {
  list: EndpointName;
  endpoint: string;
  /** The live items. */
  items: number;
  /** The baseline it was compared with; absent for an empty list with no snapshot. */
  baseline?: ItemBaseline;
  /** What happened and how to confirm it, in English (the build error's text) and zh-TW. */
  reason: { en: string; zh: string };
}

/** Folder of the staged refusals inside the staging folder. */
const REFUSALS_FOLDER = 'refusals';

/**
 * Stages the item-drop guard's refusal of a list (`<dir>/staged/refusals/<list>.json`): the build then fails, and
 * scripts/rebuild.mjs tells the operator and editors which list and counts (readStagedRefusals). The next build
 * clears it with the staging folder.
 */
export async function stageRefusal(dir: string, refusal: ItemCountRefusal): Promise<void> {
  const folder = join(stagingDir(dir), REFUSALS_FOLDER);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${refusal.list}.json`), JSON.stringify(refusal));
}

/**
 * The refusals the item-drop guard staged in the last build of a snapshot folder (none after a successful build).
 * @returns them by list name; empty when there are none or they cannot be read
 */
export async function readStagedRefusals(dir: string): Promise<ItemCountRefusal[]> {
  const folder = join(stagingDir(dir), REFUSALS_FOLDER);
  try {
    const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    return await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as ItemCountRefusal));
  } catch {
    return [];
  }
}

/** One entry of a list as the content store holds it: its id and its parsed data (as JSON: dates as ISO text). */
export interface StoredEntry {
  id: string;
  data: Record<string, unknown>;
}

/** What the build used for one list; `raw` (live lists only) becomes the next snapshot. */
export interface ListRecord {
  list: EndpointName;
  endpoint: string;
  items: number;
  source: 'live' | 'snapshot';
  /** ISO 8601 time the items were fetched from the portal. */
  fetchedAt: string;
  /** Age of the items at build time, in hours (0 for live). */
  ageHours: number;
  raw?: Record<string, unknown>[];
  /** Items of a live list left out or kept at their last good version for failing their schema. */
  quarantined?: QuarantinedItem[];
  /** The item-drop guard's baseline for the next snapshot (live lists; checkItemCount). */
  baseline?: ItemBaseline;
  /** The entries the collection holds after the load, in store order. */
  entries: StoredEntry[];
}

/** Folder of the staged records inside the snapshot folder. */
export const STAGING_FOLDER = 'staged';

/** The folder of the staged records of a snapshot folder. */
const stagingDir = (dir: string): string => join(dir, STAGING_FOLDER);

/**
 * Stages what the build used for a list (called by the portal loader once the list is in the store): writes
 * `<dir>/staged/<list>.json` (written then renamed, so the pipeline never reads half a record).
 * @param dir the snapshot folder (SnapshotSettings.dir)
 */
export async function stageList(dir: string, record: ListRecord): Promise<void> {
  const file = snapshotFile(stagingDir(dir), record.list);
  await mkdir(stagingDir(dir), { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(record));
  await rename(`${file}.tmp`, file);
}

/** Removes the staged records of a snapshot folder (at the start of a build, and once they are committed). */
export async function clearStaging(dir: string): Promise<void> {
  await rm(stagingDir(dir), { recursive: true, force: true });
}

/**
 * The records the loaders staged in this build.
 * @param dir the snapshot folder (SnapshotSettings.dir)
 * @returns the records, sorted by list name; empty when none was staged.
 */
export async function readStagedLists(dir: string): Promise<ListRecord[]> {
  let names: string[];
  try {
    names = await readdir(stagingDir(dir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(join(stagingDir(dir), name), 'utf8')) as ListRecord));
}

/**
 * The pages a build added, changed and removed against the last published build, as site paths
 * (`/news/detail/7/`, `/404.html`); `since` is the build time of that build, null when there is none to compare with
 * (then the lists are empty).
 */
export interface PageChanges {
  since: string | null;
  added: string[];
  changed: string[];
  removed: string[];
}

/** The build report (`dist/build-report.json`). */
export interface BuildReport {
  /** ISO 8601 time of the build. */
  builtAt: string;
  /** Per list: item count, `live` or `snapshot`, fetch time and age in hours at build time. */
  lists: Record<string, { endpoint: string; items: number; source: 'live' | 'snapshot'; fetchedAt: string; ageHours: number }>;
  /** The items this build quarantined, by list then id. */
  quarantined: QuarantinedItem[];
  /** The pages added, changed and removed against the last published build; absent when not compared. */
  pages?: PageChanges;
}

/** The build report of the lists' records, sorted by list name; `pages` when the pipeline compared the pages. */
export function buildReport(records: Iterable<ListRecord>, builtAt: Date, pages?: PageChanges): BuildReport {
  const lists: BuildReport['lists'] = {};
  const quarantined: QuarantinedItem[] = [];
  for (const record of [...records].sort((a, b) => a.list.localeCompare(b.list))) {
    const { endpoint, items, source, fetchedAt, ageHours } = record;
    lists[record.list] = { endpoint, items, source, fetchedAt, ageHours: Number(ageHours.toFixed(2)) };
    quarantined.push(...(record.quarantined ?? []));
  }
  return { builtAt: builtAt.toISOString(), lists, quarantined, ...(pages ? { pages } : {}) };
}

/** The page digests of a published build: its build time and, per site path, the hash of the page. */
export interface PageDigests {
  builtAt: string;
  pages: Record<string, string>;
}

/**
 * The page digests of the last published build, from `<dir>/page-digests.json` (PAGE_DIGESTS_FILE).
 * @returns them, or undefined when there are none or the file is not readable as such (then nothing is compared)
 */
export async function readPageDigests(dir: string): Promise<PageDigests | undefined> {
  try {
    const digests = JSON.parse(await readFile(join(dir, PAGE_DIGESTS_FILE), 'utf8')) as Partial<PageDigests>;
    if (typeof digests.builtAt !== 'string' || typeof digests.pages !== 'object' || digests.pages === null) return undefined;
    return digests as PageDigests;
  } catch {
    return undefined;
  }
}

/** Writes the page digests of this build into the snapshot folder (written then renamed), with its snapshots. */
export async function writePageDigests(dir: string, digests: PageDigests): Promise<void> {
  const file = join(dir, PAGE_DIGESTS_FILE);
  await mkdir(dir, { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(digests));
  await rename(`${file}.tmp`, file);
}

/**
 * Writes the snapshots of the lists that loaded live (snapshot-sourced lists keep their file untouched). Each file
 * is written to `<list>.json.tmp` then renamed, so a crash never leaves half a snapshot.
 * @returns the names of the lists written.
 */
export async function writeSnapshots(dir: string, records: Iterable<ListRecord>): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const record of records) {
    if (record.source !== 'live' || !record.raw) continue;
    const quarantined = (record.quarantined ?? []).map(({ id, since }) => ({ id, since }));
    const { list, endpoint, fetchedAt, raw: items, baseline } = record;
    const snapshot: Snapshot = { list, endpoint, fetchedAt, items, quarantined, ...(baseline ? { baseline } : {}) };
    const file = snapshotFile(dir, record.list);
    await writeFile(`${file}.tmp`, JSON.stringify(snapshot));
    await rename(`${file}.tmp`, file);
    written.push(record.list);
  }
  return written;
}
