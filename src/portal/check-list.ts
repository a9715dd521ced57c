/**
 * The item checks of the portal loader (REFERENCE.md "Portal boundary": "one bad item does not refuse its list"): one raw item against
 * its list's zod schema (parseItem), a whole answer item by item with the unique-id rule (checkList, parseList), and
 * the quarantine that leaves a refused item out or keeps its last good version from the snapshot (quarantineList).
 * Pure functions of the answer, the schema and the snapshot: no portal call, no store, no settings; the loader
 * (src/portal/loader.ts) fetches, guards and stores around them.
 */
import { z } from 'astro/zod';
import { describeEndpoint, ENDPOINTS, type EndpointName } from './endpoints';
import { PortalFormatError, PortalSchemaError } from './errors';
import { quarantineRecord, refusalId, type QuarantinedItem, type Refusal } from './quarantine';
import { collectRichTextWarnings } from './sanitize';
import type { Snapshot } from './snapshots';
import { asRuleMessage, idCollisions, ROUTE_SEGMENT_FIELDS, RULE, ruleMessage } from './validation';
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
export interface Quarantined<T> {
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
