/**
 * The one Astro content loader for every portal list (DESIGN.md §4–§5). It fetches a list endpoint through
 * the portal client, checks every item against the list's zod schema and stores the parsed items under their
 * ids. Any failure throws, which fails the build: a portal outage names the endpoint and the cause, a bad
 * item names the list, the item id and the field (DESIGN.md §5 "a list that cannot be loaded fails the build"),
 * unless the list's last good snapshot is fresh enough (issue 6 stale-if-error, src/portal/snapshots.ts).
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { readSettings, type Settings } from '../settings';
import { callPortal } from './client';
import { describeEndpoint, ENDPOINTS, type EndpointName } from './endpoints';
import { PortalError, PortalFormatError, PortalItemDropError, PortalSchemaError } from './errors';
import { asRuleMessage, idCollisions, ROUTE_SEGMENT_FIELDS, RULE, ruleMessage } from './validation';
import {
  formatHours,
  isUnconfirmedDrop,
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
export function portalSettings(
  settings: Pick<Settings, 'PORTAL_API_BASE' | 'PORTAL_TIMEOUT_MS'> = readSettings(),
): { base: string; timeoutMs: number } {
  const base = settings.PORTAL_API_BASE;
  if (!base) {
    throw new Error(
      'PORTAL_API_BASE is not set: run `npm run build` (it starts the sample portal) or set it to the portal web API base URL.',
    );
  }
  return { base, timeoutMs: settings.PORTAL_TIMEOUT_MS };
}

/** A parsed item with its id as the store key. */
export interface ParsedItem<T> {
  id: string;
  data: T;
  raw: Record<string, unknown>;
}

/** Longest id shown in a refusal's item label, in characters (a refused id can be 100 KB). */
const LABEL_ID_MAX_CHARS = 80;

/** How a refusal names an item: `id "…" (#index)`, or `#index` when it has no id. */
function itemLabel(rawId: unknown, index: number): string {
  if (rawId === undefined || rawId === null) return `#${index}`;
  const id = [...String(rawId)];
  return `id "${id.length > LABEL_ID_MAX_CHARS ? `${id.slice(0, LABEL_ID_MAX_CHARS).join('')}…` : id.join('')}" (#${index})`;
}

/**
 * Checks a portal list against its schema.
 *
 * In: the `data` of an answer (must be an array of objects). Out: the parsed items, ids as strings.
 * @throws PortalFormatError when `data` is not a list; PortalSchemaError naming the list, the item id
 *   (or `#index` when it has none) and every failing field; PortalSchemaError naming both items when two ids (or
 *   route segments, ROUTE_SEGMENT_FIELDS) are equal after normalisation (src/portal/validation.ts idCollisions).
 */
export function parseList<S extends z.ZodType>(
  endpointName: EndpointName,
  schema: S,
  data: unknown,
): ParsedItem<z.output<S>>[] {
  const endpoint = describeEndpoint(ENDPOINTS[endpointName]);
  if (!Array.isArray(data)) throw new PortalFormatError(endpoint, `"data" is ${typeof data}, expected a list`);
  // Rule "unique-id" (issue 17 finding 5): ids (and route segments) equal after normalisation, naming both items.
  const collision = idCollisions(data, ROUTE_SEGMENT_FIELDS[endpointName])[0];
  if (collision) {
    const { field, first, second } = collision;
    throw new PortalSchemaError(endpoint, endpointName, itemLabel(second.id, second.index), [
      { path: field, message: ruleMessage(RULE.uniqueId, `duplicate ${field}: the same as item ${itemLabel(first.id, first.index)} (compared trimmed, in Unicode NFC)`) },
    ]);
  }
  return data.map((raw: unknown, index) => {
    const rawId = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
    const label = itemLabel(rawId, index);
    const result = schema.safeParse(raw);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || '(item)',
        message: asRuleMessage(issue.message),
      }));
      throw new PortalSchemaError(endpoint, endpointName, label, issues);
    }
    const parsed = result.data as z.output<S> & { id?: unknown };
    const id = String(parsed.id ?? index);
    return { id, data: parsed, raw: raw as Record<string, unknown> };
  });
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

/**
 * The live path: fetches the list from the portal and checks it against its schema, unless the answer and the
 * schema are those of the stored entries (LIST_DIGEST_META_KEY in the collection's meta store; issue 8 §6).
 * In: the loader context, the list, its schema and the portal settings (portalSettings). Out: a live record (raw items for the next snapshot), the parsed
 * items or none when the stored ones stay, and the digest to keep.
 * @throws PortalError (any failure of the portal or of an item; PortalSchemaError naming item and field), which
 *   the caller may answer with the snapshot (loadFromSnapshot).
 */
export async function loadLive<S extends z.ZodType>(
  { store, generateDigest, meta }: Pick<LoaderContext, 'store' | 'generateDigest' | 'meta'>,
  endpointName: EndpointName,
  schema: S,
  portal: { base: string; timeoutMs: number },
): Promise<LoadResult<z.output<S>>> {
  const endpoint = ENDPOINTS[endpointName];
  const described = describeEndpoint(endpoint);
  const result = await callPortal<unknown>(endpoint, portal);
  if (result.cancelled) throw new PortalError(described, 'cancelled during the build');
  const schemaText = schemaFingerprint(schema);
  const listDigest = schemaText === undefined ? undefined : generateDigest(`${schemaText}\n${JSON.stringify(result.data)}`);
  const unchanged = listDigest !== undefined && meta.get(LIST_DIGEST_META_KEY) === listDigest && Array.isArray(result.data);
  const items = unchanged ? undefined : parseList(endpointName, schema, result.data);
  const record: LoadResult<z.output<S>>['record'] = {
    list: endpointName,
    endpoint: described,
    items: items ? items.length : store.keys().length,
    source: 'live',
    fetchedAt: new Date().toISOString(),
    ageHours: 0,
    // Unchanged: the same answer that passed the schema in the build whose digest is stored.
    raw: items ? items.map((item) => item.raw) : (result.data as Record<string, unknown>[]),
  };
  return { record, items, listDigest };
}

/**
 * The snapshot fallback path (issue 6 stale-if-error): after the live path failed with `error`, the list's last
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
    items = parseList(endpointName, schema, snapshot.items);
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
 * The portal loader for one list endpoint of spec §7.
 *
 * In: the catalogue name of a list endpoint and the zod schema of its items.
 * Out: an Astro loader `{ name, schema, load }` whose entries are the parsed items keyed by id.
 *
 * The list loads live (loadLive). Issue 6: when that fails (any {@link PortalError}: outage, timeout, HTTP status,
 * portal code, malformed answer, bad item) and the list has a last good snapshot (src/portal/snapshots.ts), the
 * snapshot may serve it (loadFromSnapshot); otherwise the original error is thrown unchanged. A list that loads live
 * with more than half of its items gone against the snapshot throws {@link PortalItemDropError} unless
 * PORTAL_ALLOW_ITEM_DROP names it. Either way the list's record is staged for the build pipeline (stageList: the
 * redirect plan, the build report and, when live, the next snapshot).
 *
 * Content-layer cache (issue 8 §6): the digest of the answer's `data` and of the schema is kept in the
 * collection's meta store (saved with the data store in Astro's cacheDir). When a build receives the same list
 * again, the stored entries are kept as they are, without parsing and storing every item again.
 */
export function portalLoader<S extends z.ZodType>(
  endpointName: EndpointName,
  schema: S,
): Loader & { schema: S } {
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
        loaded = await loadLive(context, endpointName, schema, portal);
      } catch (error) {
        if (!(error instanceof PortalError) || !previous) throw error;
        loaded = loadFromSnapshot(logger, endpointName, schema, previous, snapshots, error);
      }
      const { record, items, listDigest } = loaded;
      if (
        record.source === 'live' &&
        previous &&
        isUnconfirmedDrop(endpointName, record.items, previous.items.length, snapshots.allowDrop)
      ) {
        throw new PortalItemDropError(record.endpoint, endpointName, record.items, previous.items.length, previous.fetchedAt);
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
        logger.info(items ? `${items.length} items from ${record.endpoint}` : `${record.items} items from ${record.endpoint} (unchanged, kept from the cache)`);
      }
    },
  };
}
