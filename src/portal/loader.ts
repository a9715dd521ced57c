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
import { readSettings, type Settings } from '../settings';
import { PORTAL_MIN_ITEM_RATIO } from '../site/limits';
import { parseAnswer, withXmlText } from './answer';
import { callPortal } from './client';
import { describeEndpoint, ENDPOINTS, type EndpointName } from './endpoints';
import { PortalError, PortalFormatError, PortalItemDropError, PortalListRefusedError, PortalQuarantineAgeError, PortalSchemaError } from './errors';
import { quarantineAgeHours, quarantineRecord, refusalId, type QuarantinedItem, type Refusal } from './quarantine';
import { collectRichTextWarnings, richTextImageBase } from './sanitize';
import { asRuleMessage, idCollisions, PORTAL_RULES_VERSION, ROUTE_SEGMENT_FIELDS, RULE, ruleMessage } from './validation';
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
 * Build-time settings of the portal: PORTAL_API_BASE and PORTAL_TIMEOUT_MS of src/settings.ts (default: this
 * process's settings; the URL and the number are checked there).
 * @throws Error when PORTAL_API_BASE is not set, saying how to build against the sample portal
 */
export function portalSettings(settings: Pick<Settings, 'PORTAL_API_BASE' | 'PORTAL_TIMEOUT_MS'> = readSettings()): {
  base: string;
  timeoutMs: number;
} {
  const base = settings.PORTAL_API_BASE;
  if (!base) {
    throw new Error('PORTAL_API_BASE is not set: run `npm run build` (it starts the sample portal) or set it to the portal web API base URL.');
  }
  return { base, timeoutMs: settings.PORTAL_TIMEOUT_MS };
}

/** A parsed item with its id as the store key. */
export interface ParsedItem<T> {
  id: string;
  data: T;
  raw: Record<string, unknown>;
  /** What parsing changed and the build log should say (rich-text images removed, upload links cut); none: empty or absent. */
  warnings?: string[];
}

/** Longest id shown in a refusal's item label, in characters (a refused id can be 100 KB). */
const LABEL_ID_MAX_CHARS = 80;

/** How a refusal names an item: `id "…" (#index)`, or `#index` when it has no id. */
function itemLabel(rawId: unknown, index: number): string {
  if (rawId === undefined || rawId === null) return `#${index}`;
  const id = [...String(rawId)];
  return `id "${id.length > LABEL_ID_MAX_CHARS ? `${id.slice(0, LABEL_ID_MAX_CHARS).join('')}…` : id.join('')}" (#${index})`;
}

/** The `id` of a raw item, as the portal sent it (undefined when the item is no object or has none). */
const rawIdOf = (raw: unknown): unknown => (typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined);

/** zod's zh-TW messages, for the reasons editors read. */
const ZH_TW_MESSAGE = z.locales.zhTW().localeError;

/** A zod issue's message in zh-TW, or undefined when the locale has none. */
function messageZh(issue: z.core.$ZodIssue): string | undefined {
  const message = ZH_TW_MESSAGE(issue as unknown as Parameters<typeof ZH_TW_MESSAGE>[0]);
  return typeof message === 'string' ? message : message?.message;
}

/** Longest part of an unexpected exception's message quoted in a refusal, in characters. */
const EXCEPTION_MESSAGE_MAX_CHARS = 200;

/**
 * The refusal of an item whose check threw (REFERENCE.md "Publishing rules": one editor's mistake never freezes the rest of the site):
 * field `(item)`, rule "schema", `validation failed: <message>`, so the item is quarantined like any bad item and
 * its list publishes, instead of the exception ending the build.
 */
function exceptionRefusal(endpointName: EndpointName, label: string, error: unknown): PortalSchemaError {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const message = [...text].length > EXCEPTION_MESSAGE_MAX_CHARS ? `${[...text].slice(0, EXCEPTION_MESSAGE_MAX_CHARS).join('')}…` : text;
  return new PortalSchemaError(describeEndpoint(ENDPOINTS[endpointName]), endpointName, label, [
    { path: '(item)', message: ruleMessage(RULE.schema, `validation failed: ${message}`), messageZh: `檢查此項目時發生錯誤：${message}` },
  ]);
}

/**
 * Checks one raw item against its list's schema.
 * @returns the parsed item, its id as text (its `id`, else its index), and the warnings of its rich text
 * @throws PortalSchemaError naming the list, the item (`id "7" (#3)`, or `#3` without an id) and every failing field,
 *   each with its reason in English and zh-TW; also when the check itself throws (field `(item)`, rule "schema":
 *   `validation failed: <message>`)
 */
export function parseItem<S extends z.ZodType>(endpointName: EndpointName, schema: S, raw: unknown, index: number): ParsedItem<z.output<S>> {
  const label = itemLabel(rawIdOf(raw), index);
  let checked: { result: ReturnType<S['safeParse']>; warnings: string[] };
  try {
    checked = collectRichTextWarnings(() => schema.safeParse(raw) as ReturnType<S['safeParse']>);
  } catch (error) {
    throw exceptionRefusal(endpointName, label, error);
  }
  const { result, warnings } = checked;
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || '(item)',
      message: asRuleMessage(issue.message),
      messageZh: messageZh(issue),
    }));
    throw new PortalSchemaError(describeEndpoint(ENDPOINTS[endpointName]), endpointName, label, issues);
  }
  const parsed = result.data as z.output<S> & { id?: unknown };
  return { id: String(parsed.id ?? index), data: parsed, raw: raw as Record<string, unknown>, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * Checks a portal list against its schema, item by item (REFERENCE.md "Portal boundary": one bad item does not refuse its list).
 *
 * In: the `data` of an answer. Out: the parsed items in answer order, and the refused ones (Refusal: index, id or
 * `#<index>`, raw item, PortalSchemaError), a second item with an id already seen refused as a duplicate.
 * @throws PortalFormatError when `data` is not a list
 */
export function checkList<S extends z.ZodType>(
  endpointName: EndpointName,
  schema: S,
  data: unknown,
): { items: ParsedItem<z.output<S>>[]; refused: Refusal[] } {
  const endpoint = describeEndpoint(ENDPOINTS[endpointName]);
  if (!Array.isArray(data)) throw new PortalFormatError(endpoint, `"data" is ${typeof data}, expected a list`);
  // Rule "unique-id" (two items would become one page and one would be lost): ids (and route segments) equal after
  // normalisation refuse the later item, naming the earlier one.
  const collisions = new Map(idCollisions(data, ROUTE_SEGMENT_FIELDS[endpointName]).map((collision) => [collision.second.index, collision]));
  const seen = new Set<string>();
  const items: ParsedItem<z.output<S>>[] = [];
  const refused: Refusal[] = [];
  data.forEach((raw: unknown, index) => {
    try {
      const collision = collisions.get(index);
      if (collision) {
        const { field, first, second } = collision;
        throw new PortalSchemaError(endpoint, endpointName, itemLabel(second.id, second.index), [
          {
            path: field,
            message: ruleMessage(
              RULE.uniqueId,
              `duplicate ${field}: the same as item ${itemLabel(first.id, first.index)} (compared trimmed, in Unicode NFC)`,
            ),
            messageZh: `與清單中另一個項目（${itemLabel(first.id, first.index)}）的 ${field} 重複`,
          },
        ]);
      }
      const item = parseItem(endpointName, schema, raw, index);
      if (seen.has(item.id)) {
        throw new PortalSchemaError(endpoint, endpointName, itemLabel(item.id, index), [
          { path: 'id', message: ruleMessage(RULE.uniqueId, 'duplicate id in the list'), messageZh: '與清單中另一個項目的 id 重複' },
        ]);
      }
      seen.add(item.id);
      items.push(item);
    } catch (caught) {
      // Any exception while checking this item refuses this item only (exceptionRefusal), never the build.
      const error = caught instanceof PortalSchemaError ? caught : exceptionRefusal(endpointName, itemLabel(rawIdOf(raw), index), caught);
      refused.push({ index, id: refusalId(raw, index), raw, error });
    }
  });
  return { items, refused };
}

/**
 * Checks a portal list against its schema, refusing the whole list on the first bad item (the snapshot path: a
 * snapshot holds only items that passed).
 *
 * In: the `data` of an answer (must be an array of objects). Out: the parsed items, ids as strings.
 * @throws PortalFormatError when `data` is not a list; PortalSchemaError naming the list, the item id
 *   (or `#index` when it has none) and every failing field; PortalSchemaError on a duplicate id.
 */
export function parseList<S extends z.ZodType>(endpointName: EndpointName, schema: S, data: unknown): ParsedItem<z.output<S>>[] {
  const { items, refused } = checkList(endpointName, schema, data);
  if (refused.length > 0) throw refused[0].error;
  return items;
}

/** The outcome of the quarantine over one checked list. */
interface Quarantined<T> {
  /** The items to publish in answer order: the good ones and, for refused items, their last good versions. */
  items: ParsedItem<T>[];
  quarantined: QuarantinedItem[];
}

/**
 * The quarantine (REFERENCE.md "Publishing rules") over a checked list: each refused item is left out, or, when the list's last snapshot
 * has a version of it (same id) that passes the schema and no good item has that id, that version takes its place.
 * In: the list, its schema, checkList's result, the list's last snapshot (if any), the build's time.
 * Out: the items to publish (answer order) and the quarantine records (`since` carried from the snapshot's marks).
 */
export function quarantineList<S extends z.ZodType>(
  endpointName: EndpointName,
  schema: S,
  checked: { items: ParsedItem<z.output<S>>[]; refused: Refusal[] },
  previous: Snapshot | undefined,
  now: Date,
): Quarantined<z.output<S>> {
  if (checked.refused.length === 0) return { items: checked.items, quarantined: [] };
  const good = new Set(checked.items.map((item) => item.id));
  const old = new Map((previous?.items ?? []).map((raw, index) => [refusalId(raw, index), raw]));
  const kept = new Map<number, ParsedItem<z.output<S>>>();
  const quarantined = checked.refused.map((refusal) => {
    const raw = good.has(refusal.id) ? undefined : old.get(refusal.id);
    let version: ParsedItem<z.output<S>> | undefined;
    try {
      version = raw === undefined ? undefined : parseItem(endpointName, schema, raw, refusal.index);
    } catch {
      version = undefined;
    }
    if (version) {
      kept.set(refusal.index, version);
      good.add(refusal.id);
    }
    return quarantineRecord(refusal, previous?.quarantined ?? [], now, version !== undefined);
  });
  // Answer order: the good items stay in theirs, each kept version goes where its refused item was.
  const byIndex = new Map(checked.refused.map((refusal) => [refusal.index, refusal]));
  const items: ParsedItem<z.output<S>>[] = [];
  let next = 0;
  const total = checked.items.length + checked.refused.length;
  for (let index = 0; index < total; index += 1) {
    if (byIndex.has(index)) {
      const version = kept.get(index);
      if (version) items.push(version);
    } else {
      items.push(checked.items[next]);
      next += 1;
    }
  }
  return { items, quarantined };
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
 * In: the catalogue name of a list endpoint and the zod schema of its items.
 * Out: an Astro loader `{ name, schema, load }` whose entries are the parsed items keyed by id.
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
export function portalLoader<S extends z.ZodType>(endpointName: EndpointName, schema: S): Loader & { schema: S } {
  return {
    name: `portal:${endpointName}`,
    schema,
    async load(context) {
      const { store, logger, generateDigest, config, meta } = context;
      // The environment, read once for this list (tests change it between builds of one process).
      const settings = readSettings();
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
