/**
 * The one Astro content loader for every portal list (REFERENCE.md "Content sources", "Portal boundary"). It fetches a list endpoint through
 * the portal client, checks every item against the list's zod schema and stores the parsed items under their
 * ids. A list that cannot be loaded throws, which fails the build: a portal outage names the endpoint and the cause
 * (REFERENCE.md "Publishing rules": "a list that cannot be loaded fails the build"), unless the list's last good snapshot is fresh enough
 * (stale-if-error, src/portal/snapshots.ts). An item that fails its schema is quarantined (REFERENCE.md "Publishing rules": left
 * out, or kept at its last good version from the snapshot; src/portal/quarantine.ts) and the rest of the list loads
 * live; more than half of a list refused throws as a list that cannot be loaded, and an item quarantined for longer
 * than PORTAL_QUARANTINE_MAX_AGE_HOURS fails the build.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import type { Settings } from '../settings';
import { PORTAL_MIN_ITEM_RATIO } from '../site/limits';
import { parseAnswer, withXmlText } from './answer';
import { checkList, parseList, quarantineList, type ParsedItem, type Quarantined } from './check-list';
import { callPortal } from './client';
import { describeEndpoint, ENDPOINTS, type EndpointName } from './endpoints';
import { PortalError, PortalItemDropError, PortalListRefusedError, PortalQuarantineAgeError } from './errors';
import { quarantineAgeHours } from './quarantine';
import { richTextImageBase } from './sanitize';
import { PORTAL_RULES_VERSION } from './validation';
import {
  formatHours,
  checkItemCount,
  stageRefusal,
  readSnapshot,
  snapshotAgeHours,
  snapshotSettings,
  stageList,
  type ListRecord,
  type Snapshot,
  type SnapshotSettings,
} from './snapshots';

/**
 * The settings of src/settings.ts the loader needs, read once by the entry point (src/content.config.ts) and passed
 * down: the portal (PORTAL_API_BASE, PORTAL_TIMEOUT_MS), the snapshots and the item-drop guard (PORTAL_SNAPSHOT_*,
 * PORTAL_ALLOW_ITEM_DROP) and the quarantine's age limit (PORTAL_QUARANTINE_MAX_AGE_HOURS).
 */
export type LoaderSettings = Pick<
  Settings,
  | 'PORTAL_API_BASE'
  | 'PORTAL_TIMEOUT_MS'
  | 'PORTAL_SNAPSHOT_DIR'
  | 'PORTAL_SNAPSHOT_MAX_AGE_HOURS'
  | 'PORTAL_ALLOW_ITEM_DROP'
  | 'PORTAL_QUARANTINE_MAX_AGE_HOURS'
>;

/**
 * Build-time settings of the portal: PORTAL_API_BASE and PORTAL_TIMEOUT_MS of src/settings.ts (the URL and the
 * number are checked there).
 * @throws Error when PORTAL_API_BASE is not set, saying how to build against the sample portal
 */
export function portalSettings(settings: Pick<Settings, 'PORTAL_API_BASE' | 'PORTAL_TIMEOUT_MS'>): {
  base: string;
  timeoutMs: number;
} {
  const base = settings.PORTAL_API_BASE;
  if (!base) {
    throw new Error('PORTAL_API_BASE is not set: run `npm run build` (it starts the sample portal) or set it to the portal web API base URL.');
  }
  return { base, timeoutMs: settings.PORTAL_TIMEOUT_MS };
}

/**
 * A stable text form of a zod schema (its JSON Schema), so a change of the schema's code changes the list's
 * cache digest; undefined when the schema cannot be expressed that way (then the list is always parsed again).
 */
function schemaFingerprint(schema: z.ZodType): string | undefined {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    return undefined;
  }
}

/** Key of the content-layer meta store holding the digest of the list last stored. */
export const LIST_DIGEST_META_KEY = 'list-digest';

/** What one load path found: the list's record (its entries are added once stored) and the items to store. */
interface LoadResult<T> {
  record: Omit<ListRecord, 'entries'>;
  /** The parsed items to store; undefined when the stored entries are kept (the same answer as last build). */
  items?: ParsedItem<T>[];
  /** Digest of the answer and the schema, kept in the meta store; undefined when there is none to keep. */
  listDigest?: string;
}

/** What the live path needs for the quarantine. */
export interface QuarantineOptions {
  /** The list's last snapshot: last good versions of refused items, and `since` of items quarantined before. */
  previous?: Snapshot;
  /** PORTAL_QUARANTINE_MAX_AGE_HOURS: an item quarantined for longer fails the build. */
  maxAgeHours: number;
  /** The build's time (default now). */
  now?: Date;
}

/**
 * The live path: fetches the list from the portal and checks it against its schema, unless the answer and the
 * schema are those of the stored entries (LIST_DIGEST_META_KEY in the collection's meta store: a no-change
 * rebuild stays fast). An item that fails its schema is quarantined (quarantineList), the rest of the list loads live;
 * the record lists the quarantined items, and its raw items (the next snapshot) hold the kept last good versions. In:
 * the loader context, the list, its schema, the portal settings (portalSettings) and the quarantine options. Out: a
 * live record (raw items for the next snapshot), the parsed items or none when the stored ones stay, and the digest to
 * keep (none when items were quarantined: the next build checks the list again).
 * @throws PortalError (any failure of the portal; PortalListRefusedError when more than half of the items break
 *   their schema), which the caller may answer with the snapshot (loadFromSnapshot); PortalQuarantineAgeError (not
 *   a PortalError) when an item has been quarantined for longer than `maxAgeHours`.
 */
export async function loadLive<S extends z.ZodType>(
  { store, generateDigest, meta }: Pick<LoaderContext, 'store' | 'generateDigest' | 'meta'>,
  endpointName: EndpointName,
  schema: S,
  portal: { base: string; timeoutMs: number },
  quarantine: QuarantineOptions = { maxAgeHours: Number.POSITIVE_INFINITY },
): Promise<LoadResult<z.output<S>>> {
  const endpoint = ENDPOINTS[endpointName];
  const described = describeEndpoint(endpoint);
  const result = await callPortal<unknown>(endpoint, { ...portal, parse: parseAnswer });
  if (result.cancelled) throw new PortalError(described, 'cancelled during the build');
  const schemaText = schemaFingerprint(schema);
  // The rules' version too: the JSON Schema of a zod schema leaves out its custom checks (src/portal/validation.ts,
  // links.ts), so a new rule would otherwise not re-check an unchanged answer kept in the content cache.
  const answerDigest =
    schemaText === undefined
      ? undefined
      : // The image base too: relative rich-text images are resolved against it at parse time (src/portal/sanitize.ts).
        generateDigest(`${PORTAL_RULES_VERSION}\n${richTextImageBase()}\n${schemaText}\n${JSON.stringify(result.data)}`);
  const unchanged = answerDigest !== undefined && meta.get(LIST_DIGEST_META_KEY) === answerDigest && Array.isArray(result.data);
  const now = quarantine.now ?? new Date();
  let checked: Quarantined<z.output<S>> | undefined;
  if (!unchanged) {
    const list = checkList(endpointName, schema, result.data);
    const total = list.items.length + list.refused.length;
    if (list.refused.length > 0 && list.items.length < total * PORTAL_MIN_ITEM_RATIO) {
      throw new PortalListRefusedError(
        described,
        endpointName,
        list.refused.map((refusal) => refusal.error),
        total,
      );
    }
    checked = quarantineList(endpointName, schema, list, quarantine.previous, now);
    const overdue = checked.quarantined.filter((item) => quarantineAgeHours(item, now.getTime()) > quarantine.maxAgeHours);
    if (overdue.length > 0) throw new PortalQuarantineAgeError(endpointName, overdue, quarantine.maxAgeHours);
  }
  const items = checked?.items;
  const record: LoadResult<z.output<S>>['record'] = {
    list: endpointName,
    endpoint: described,
    items: items ? items.length : store.keys().length,
    source: 'live',
    fetchedAt: now.toISOString(),
    ageHours: 0,
    // Unchanged: the same answer that passed the schema, nothing quarantined, in the build whose digest is stored.
    raw: items ? items.map((item) => item.raw) : (result.data as Record<string, unknown>[]),
    quarantined: checked?.quarantined ?? [],
  };
  const listDigest = checked && checked.quarantined.length > 0 ? undefined : answerDigest;
  return { record, items, listDigest };
}

/**
 * The snapshot fallback path (stale-if-error, REFERENCE.md "Publishing rules"): after the live path failed with `error`, the list's last
 * good snapshot serves it when it is younger than PORTAL_SNAPSHOT_MAX_AGE_HOURS and still passes the schema; a
 * warning names the list, the failure and the snapshot's age.
 * In: the logger, the list and its schema, its snapshot, the settings, the live path's error.
 * Out: a `snapshot` record and the snapshot's parsed items.
 * @throws `error` unchanged when the snapshot is too old or no longer passes the schema (a warning says which).
 */
export function loadFromSnapshot<S extends z.ZodType>(
  logger: LoaderContext['logger'],
  endpointName: EndpointName,
  schema: S,
  snapshot: Snapshot,
  settings: SnapshotSettings,
  error: PortalError,
): LoadResult<z.output<S>> {
  const ageHours = snapshotAgeHours(snapshot);
  if (ageHours > settings.maxAgeHours) {
    logger.warn(
      `The snapshot of list "${endpointName}" is ${formatHours(ageHours)} old, older than ` +
        `PORTAL_SNAPSHOT_MAX_AGE_HOURS (${settings.maxAgeHours} h): not used.`,
    );
    throw error;
  }
  let items: ParsedItem<z.output<S>>[];
  try {
    // A snapshot written before text was cleaned at the boundary may still hold what XML cannot carry.
    items = parseList(endpointName, schema, withXmlText(snapshot.items));
  } catch (snapshotError) {
    logger.warn(`The snapshot of list "${endpointName}" no longer passes its schema: not used. ${(snapshotError as Error).message}`);
    throw error;
  }
  logger.warn(
    `\n!!! STALE CONTENT: list "${endpointName}" failed (${error.message}).\n` +
      `!!! Using its last good snapshot from ${snapshot.fetchedAt}, ${formatHours(ageHours)} old ` +
      `(limit PORTAL_SNAPSHOT_MAX_AGE_HOURS = ${settings.maxAgeHours} h), ${items.length} items.`,
  );
  const record = {
    list: endpointName,
    endpoint: describeEndpoint(ENDPOINTS[endpointName]),
    items: items.length,
    source: 'snapshot' as const,
    fetchedAt: snapshot.fetchedAt,
    ageHours,
  };
  return { record, items };
}

/**
 * The item-drop guard over a list that loaded live (src/portal/snapshots.ts checkItemCount). Quarantined items count
 * as lost, also when their last good version is kept.
 * @returns the baseline for the list's next snapshot
 * @throws PortalItemDropError when the guard refuses the list, after staging the refusal (stageRefusal) with its
 *   reason in English and zh-TW
 */
async function guardItemCount(
  list: EndpointName,
  record: Pick<ListRecord, 'endpoint' | 'items' | 'quarantined'>,
  previous: Snapshot | undefined,
  snapshots: ReturnType<typeof snapshotSettings>,
): Promise<ListRecord['baseline']> {
  const count = record.items - (record.quarantined ?? []).filter((item) => item.kept).length;
  const check = checkItemCount(list, count, previous, snapshots.allowDrop, new Date());
  if (!check.refused) return check.baseline;
  const baseline = check.refused === 'drop' ? check.baseline : undefined;
  const error = new PortalItemDropError(record.endpoint, list, count, baseline);
  const zh = baseline
    ? `清單「${list}」只剩 ${count} 筆，基準為 ${baseline.items} 筆（自 ${baseline.since}）：超過一半的項目消失，本次未發布。若確為刪除，請以 PORTAL_ALLOW_ITEM_DROP=${list} 確認後重建。`
    : `清單「${list}」沒有任何項目，且沒有上次的快照可比對：本次未發布。若確實為空，請以 PORTAL_ALLOW_ITEM_DROP=${list} 確認後重建。`;
  await stageRefusal(snapshots.dir, {
    list,
    endpoint: record.endpoint,
    items: count,
    ...(baseline ? { baseline } : {}),
    reason: { en: error.message, zh },
  });
  throw error;
}

/**
 * The portal loader for one list endpoint of REFERENCE.md "Portal API".
 *
 * In: the catalogue name of a list endpoint, the zod schema of its items and the loader's settings (LoaderSettings,
 * read once by the entry point). Out: an Astro loader `{ name, schema, load }` whose entries are the parsed items keyed by id.
 *
 * The list loads live (loadLive). When that fails (any {@link PortalError}: outage, timeout, HTTP status,
 * portal code, malformed answer, bad item) and the list has a last good snapshot (src/portal/snapshots.ts), the
 * snapshot may serve it (loadFromSnapshot); otherwise the original error is thrown unchanged. A list that loads live
 * with more than half of its items gone against its baseline (kept in its snapshot), or empty with no snapshot at all,
 * throws {@link PortalItemDropError} unless PORTAL_ALLOW_ITEM_DROP names it, and stages the refusal for the
 * operator's and editors' messages (src/portal/snapshots.ts checkItemCount, stageRefusal). Either way the list's record is staged for the build pipeline (stageList: the
 * redirect plan, the build report and, when live, the next snapshot).
 *
 * Content-layer cache (a no-change rebuild within 25 % of a cold build): the digest of the answer's `data` and of the
 * schema is kept in the collection's meta store (saved with the data store in Astro's cacheDir). When a build receives
 * the same list again, the stored entries are kept as they are, without parsing and storing every item again.
 */
export function portalLoader<S extends z.ZodType>(endpointName: EndpointName, schema: S, settings: LoaderSettings): Loader & { schema: S } {
  return {
    name: `portal:${endpointName}`,
    schema,
    async load(context) {
      const { store, logger, generateDigest, config, meta } = context;
      const portal = portalSettings(settings);
      const snapshots = snapshotSettings(settings, config?.cacheDir);
      let previous: Snapshot | undefined;
      try {
        previous = await readSnapshot(snapshots.dir, endpointName);
      } catch (error) {
        logger.warn(`${(error as Error).message} It is ignored.`);
      }
      let loaded: LoadResult<z.output<S>>;
      try {
        loaded = await loadLive(context, endpointName, schema, portal, { previous, maxAgeHours: settings.PORTAL_QUARANTINE_MAX_AGE_HOURS });
      } catch (error) {
        if (!(error instanceof PortalError) || !previous) throw error;
        loaded = loadFromSnapshot(logger, endpointName, schema, previous, snapshots, error);
      }
      const { record, items, listDigest } = loaded;
      if (record.source === 'live') record.baseline = await guardItemCount(endpointName, record, previous, snapshots);
      for (const item of items ?? []) {
        for (const warning of item.warnings ?? []) logger.warn(`list "${endpointName}", item id "${item.id}": rich text: ${warning}.`);
      }
      for (const item of record.quarantined ?? []) {
        logger.warn(
          `QUARANTINED: list "${item.list}", item ${item.id}${item.title ? ` "${item.title}"` : ''} since ${item.since}: ` +
            `${item.reason.en}. ${item.kept ? 'Its last good version is kept.' : 'It is left out of this build.'}`,
        );
      }
      if (items) {
        store.clear();
        for (const item of items) {
          store.set({ id: item.id, data: item.data as Record<string, unknown>, digest: generateDigest(item.raw) });
        }
      }
      if (listDigest === undefined) meta.delete(LIST_DIGEST_META_KEY);
      else meta.set(LIST_DIGEST_META_KEY, listDigest);
      const entries = store.values().map((entry) => ({ id: entry.id, data: entry.data }));
      await stageList(snapshots.dir, { ...record, entries });
      if (record.source === 'live') {
        logger.info(
          items ? `${items.length} items from ${record.endpoint}` : `${record.items} items from ${record.endpoint} (unchanged, kept from the cache)`,
        );
      }
    },
  };
}
