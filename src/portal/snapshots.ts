/**
 * Portal snapshots and the build report (issue 6 "Publishing pipeline that never ships a broken or unsafe site").
 *
 * - A **snapshot** is the last good copy of one portal list: `{ list, endpoint, fetchedAt, items }` with the raw
 *   items exactly as the portal sent them (they passed the list's schema), one JSON file per list
 *   (`<dir>/<list>.json`). They are written only at the end of a successful build (src/integrations/publishing.ts)
 *   and only for lists that loaded live, so a failed build never replaces a good snapshot.
 * - **Stale-if-error**: when a list fails at build time, the loader may use its snapshot if it is younger than
 *   `maxAgeHours` (PORTAL_SNAPSHOT_MAX_AGE_HOURS, default {@link PORTAL_SNAPSHOT_MAX_AGE_HOURS} h).
 * - **Item-drop guard**: a list that loads live with fewer than {@link PORTAL_MIN_ITEM_RATIO} of the items of its
 *   snapshot fails unless PORTAL_ALLOW_ITEM_DROP names it (`news,faqs` or `*`).
 * - The loaders **record** each list (count, source, age) for the build report in a process-wide registry: the
 *   loaders and the integrations run in the one `astro build` process but through different module graphs, so the
 *   registry hangs on `globalThis`.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTAL_MIN_ITEM_RATIO, PORTAL_SNAPSHOT_FOLDER, PORTAL_SNAPSHOT_MAX_AGE_HOURS } from '../site';
import { ENDPOINTS, type EndpointName } from './endpoints';

/** One list's last good copy, as stored in `<dir>/<list>.json`. */
export interface Snapshot {
  list: EndpointName;
  /** e.g. `GET /api/PortalDecree/GetPutOnDecree` */
  endpoint: string;
  /** ISO 8601 time the items were fetched from the portal. */
  fetchedAt: string;
  /** The raw items, as the portal sent them; they passed the list's schema. */
  items: Record<string, unknown>[];
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

/**
 * Reads the snapshot settings from the environment (declared in astro.config.mjs `env.schema`).
 *
 * In: env with optional PORTAL_SNAPSHOT_DIR (absolute or relative to the working directory),
 * PORTAL_SNAPSHOT_MAX_AGE_HOURS (hours, ≥ 0) and PORTAL_ALLOW_ITEM_DROP (comma-separated list names or `*`);
 * `cacheDir`, Astro's cache folder (default `node_modules/.astro/`), holds the default snapshot folder.
 * @throws Error naming the variable on a bad number or an unknown list name.
 */
export function snapshotSettings(env: NodeJS.ProcessEnv = process.env, cacheDir?: URL | string): SnapshotSettings {
  const cache = cacheDir === undefined ? resolve('node_modules/.astro') : cacheDir instanceof URL ? fileURLToPath(cacheDir) : cacheDir;
  const custom = env.PORTAL_SNAPSHOT_DIR?.trim();
  const dir = custom ? (isAbsolute(custom) ? custom : resolve(custom)) : join(cache, PORTAL_SNAPSHOT_FOLDER);
  const rawAge = env.PORTAL_SNAPSHOT_MAX_AGE_HOURS?.trim();
  const maxAgeHours = rawAge ? Number(rawAge) : PORTAL_SNAPSHOT_MAX_AGE_HOURS;
  if (!Number.isFinite(maxAgeHours) || maxAgeHours < 0) {
    throw new Error(`PORTAL_SNAPSHOT_MAX_AGE_HOURS must be a number of hours ≥ 0, got "${rawAge}".`);
  }
  const names = (env.PORTAL_ALLOW_ITEM_DROP ?? '')
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

/**
 * The item-drop guard: whether `count` live items lose more than allowed against the last good build.
 * @returns true when the build must fail: the previous count was > 0, `count < previous × PORTAL_MIN_ITEM_RATIO`
 *   and the list is not confirmed in `allowDrop`.
 */
export function isUnconfirmedDrop(list: string, count: number, previousCount: number, allowDrop: SnapshotSettings['allowDrop']): boolean {
  if (previousCount === 0 || count >= previousCount * PORTAL_MIN_ITEM_RATIO) return false;
  return allowDrop !== '*' && !allowDrop.has(list);
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
}

interface Registry {
  lists: Map<EndpointName, ListRecord>;
}

const REGISTRY = Symbol.for('insurer.portal.build-lists');

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= { lists: new Map() };
  return holder[REGISTRY];
}

/** Records what the build used for a list (called by the portal loader once the list is in the store). */
export function recordList(record: ListRecord): void {
  registry().lists.set(record.list, record);
}

/** The lists recorded in this process so far, by list name. */
export function recordedLists(): ReadonlyMap<EndpointName, ListRecord> {
  return registry().lists;
}

/** The build report (`dist/build-report.json`). */
export interface BuildReport {
  /** ISO 8601 time of the build. */
  builtAt: string;
  /** Per list: item count, `live` or `snapshot`, fetch time and age in hours at build time. */
  lists: Record<string, { endpoint: string; items: number; source: 'live' | 'snapshot'; fetchedAt: string; ageHours: number }>;
}

/** The build report of the recorded lists, sorted by list name. */
export function buildReport(records: Iterable<ListRecord>, builtAt: Date): BuildReport {
  const lists: BuildReport['lists'] = {};
  for (const record of [...records].sort((a, b) => a.list.localeCompare(b.list))) {
    const { endpoint, items, source, fetchedAt, ageHours } = record;
    lists[record.list] = { endpoint, items, source, fetchedAt, ageHours: Number(ageHours.toFixed(2)) };
  }
  return { builtAt: builtAt.toISOString(), lists };
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
    const snapshot: Snapshot = { list: record.list, endpoint: record.endpoint, fetchedAt: record.fetchedAt, items: record.raw };
    const file = snapshotFile(dir, record.list);
    await writeFile(`${file}.tmp`, JSON.stringify(snapshot));
    await rename(`${file}.tmp`, file);
    written.push(record.list);
  }
  return written;
}
