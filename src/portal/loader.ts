/**
 * The one Astro content loader for every portal list (DESIGN.md §4–§5). It fetches a list endpoint through
 * the portal client, checks every item against the list's zod schema and stores the parsed items under their
 * ids. Any failure throws, which fails the build: a portal outage names the endpoint and the cause, a bad
 * item names the list, the item id and the field (DESIGN.md §5 "a list that cannot be loaded fails the build"),
 * unless the list's last good snapshot is fresh enough (issue 6 stale-if-error, src/portal/snapshots.ts).
 */
import type { Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { PORTAL_TIMEOUT_MS } from '../site';
import { callPortal } from './client';
import { describeEndpoint, ENDPOINTS, type EndpointName } from './endpoints';
import { PortalError, PortalFormatError, PortalItemDropError, PortalSchemaError } from './errors';
import {
  formatHours,
  isUnconfirmedDrop,
  readSnapshot,
  recordList,
  snapshotAgeHours,
  snapshotSettings,
  type ListRecord,
  type Snapshot,
} from './snapshots';

/** Build-time settings of the portal, read from the environment (see astro.config.mjs `env.schema`). */
export function portalSettings(env: NodeJS.ProcessEnv = process.env): { base: string; timeoutMs: number } {
  const base = env.PORTAL_API_BASE?.trim();
  if (!base) {
    throw new Error(
      'PORTAL_API_BASE is not set: run `npm run build` (it starts the sample portal) or set it to the portal web API base URL.',
    );
  }
  const timeoutMs = env.PORTAL_TIMEOUT_MS ? Number(env.PORTAL_TIMEOUT_MS) : PORTAL_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`PORTAL_TIMEOUT_MS must be a positive number of ms, got "${env.PORTAL_TIMEOUT_MS}".`);
  }
  return { base, timeoutMs };
}

/** A parsed item with its id as the store key. */
export interface ParsedItem<T> {
  id: string;
  data: T;
  raw: Record<string, unknown>;
}

/**
 * Checks a portal list against its schema.
 *
 * In: the `data` of an answer (must be an array of objects). Out: the parsed items, ids as strings.
 * @throws PortalFormatError when `data` is not a list; PortalSchemaError naming the list, the item id
 *   (or `#index` when it has none) and every failing field; PortalSchemaError on a duplicate id.
 */
export function parseList<S extends z.ZodType>(
  endpointName: EndpointName,
  schema: S,
  data: unknown,
): ParsedItem<z.output<S>>[] {
  const endpoint = describeEndpoint(ENDPOINTS[endpointName]);
  if (!Array.isArray(data)) throw new PortalFormatError(endpoint, `"data" is ${typeof data}, expected a list`);
  const seen = new Set<string>();
  return data.map((raw: unknown, index) => {
    const rawId = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
    const label = rawId === undefined || rawId === null ? `#${index}` : `id "${String(rawId)}" (#${index})`;
    const result = schema.safeParse(raw);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || '(item)',
        message: issue.message,
      }));
      throw new PortalSchemaError(endpoint, endpointName, label, issues);
    }
    const parsed = result.data as z.output<S> & { id?: unknown };
    const id = String(parsed.id ?? index);
    if (seen.has(id)) {
      throw new PortalSchemaError(endpoint, endpointName, label, [{ path: 'id', message: 'duplicate id in the list' }]);
    }
    seen.add(id);
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

/**
 * The portal loader for one list endpoint of spec §7.
 *
 * In: the catalogue name of a list endpoint and the zod schema of its items.
 * Out: an Astro loader `{ name, schema, load }` whose entries are the parsed items keyed by id.
 *
 * Issue 6: when the list fails (any {@link PortalError}: outage, timeout, HTTP status, portal code, malformed
 * answer, bad item) and its last good snapshot (src/portal/snapshots.ts) is younger than
 * PORTAL_SNAPSHOT_MAX_AGE_HOURS, the snapshot's items are used and a warning names the list, the failure and the
 * snapshot's age; otherwise the original error is thrown unchanged. A list that loads live with more than half of
 * its items gone against the snapshot throws {@link PortalItemDropError} unless PORTAL_ALLOW_ITEM_DROP names it.
 * Either way the list is recorded for the build report and, when live, for the next snapshot.
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
    async load({ store, logger, generateDigest, config, meta }) {
      const endpoint = ENDPOINTS[endpointName];
      const described = describeEndpoint(endpoint);
      const { base, timeoutMs } = portalSettings();
      const snapshots = snapshotSettings(process.env, config?.cacheDir);
      let previous: Snapshot | undefined;
      try {
        previous = await readSnapshot(snapshots.dir, endpointName);
      } catch (error) {
        logger.warn(`${(error as Error).message} It is ignored.`);
      }
      /** The parsed items to store; undefined when the stored entries are kept (the same answer as last build). */
      let items: ParsedItem<z.output<S>>[] | undefined;
      let listDigest: string | undefined;
      let record: ListRecord;
      try {
        const result = await callPortal<unknown>(endpoint, { base, timeoutMs });
        if (result.cancelled) throw new PortalError(described, 'cancelled during the build');
        const schemaText = schemaFingerprint(schema);
        listDigest = schemaText === undefined ? undefined : generateDigest(`${schemaText}\n${JSON.stringify(result.data)}`);
        const unchanged = listDigest !== undefined && meta.get(LIST_DIGEST_META_KEY) === listDigest && Array.isArray(result.data);
        if (!unchanged) items = parseList(endpointName, schema, result.data);
        record = {
          list: endpointName,
          endpoint: described,
          items: items ? items.length : store.keys().length,
          source: 'live',
          fetchedAt: new Date().toISOString(),
          ageHours: 0,
          // Unchanged: the same answer that passed the schema in the build whose digest is stored.
          raw: items ? items.map((item) => item.raw) : (result.data as Record<string, unknown>[]),
        };
      } catch (error) {
        if (!(error instanceof PortalError) || !previous) throw error;
        const ageHours = snapshotAgeHours(previous);
        if (ageHours > snapshots.maxAgeHours) {
          logger.warn(
            `The snapshot of list "${endpointName}" is ${formatHours(ageHours)} old, older than ` +
              `PORTAL_SNAPSHOT_MAX_AGE_HOURS (${snapshots.maxAgeHours} h): not used.`,
          );
          throw error;
        }
        try {
          items = parseList(endpointName, schema, previous.items);
        } catch (snapshotError) {
          logger.warn(`The snapshot of list "${endpointName}" no longer passes its schema: not used. ${(snapshotError as Error).message}`);
          throw error;
        }
        listDigest = undefined;
        logger.warn(
          `\n!!! STALE CONTENT: list "${endpointName}" failed (${error.message}).\n` +
            `!!! Using its last good snapshot from ${previous.fetchedAt}, ${formatHours(ageHours)} old ` +
            `(limit PORTAL_SNAPSHOT_MAX_AGE_HOURS = ${snapshots.maxAgeHours} h), ${items.length} items.`,
        );
        record = {
          list: endpointName,
          endpoint: described,
          items: items.length,
          source: 'snapshot',
          fetchedAt: previous.fetchedAt,
          ageHours,
        };
      }
      if (
        record.source === 'live' &&
        previous &&
        isUnconfirmedDrop(endpointName, record.items, previous.items.length, snapshots.allowDrop)
      ) {
        throw new PortalItemDropError(described, endpointName, record.items, previous.items.length, previous.fetchedAt);
      }
      if (items) {
        store.clear();
        for (const item of items) {
          store.set({ id: item.id, data: item.data as Record<string, unknown>, digest: generateDigest(item.raw) });
        }
      }
      if (listDigest === undefined) meta.delete(LIST_DIGEST_META_KEY);
      else meta.set(LIST_DIGEST_META_KEY, listDigest);
      recordList(record);
      if (record.source === 'live') {
        logger.info(items ? `${items.length} items from ${described}` : `${record.items} items from ${described} (unchanged, kept from the cache)`);
      }
    },
  };
}
