/**
 * Typed errors of the portal client and loader. Every message names the endpoint (`METHOD /api/...`), then
 * the HTTP status, the portal code or the failing item and field, then the cause, so a failed build says
 * exactly what broke (REFERENCE.md "Portal boundary").
 */

/** Base class: a portal call or list that failed. `endpoint` is e.g. `GET /api/PortalDecree/GetPutOnDecree`. */
export class PortalError extends Error {
  readonly endpoint: string;
  constructor(endpoint: string, detail: string, options?: { cause?: unknown }) {
    super(`Portal ${endpoint}: ${detail}`, options);
    this.name = 'PortalError';
    this.endpoint = endpoint;
  }
}

/** The request never got an answer (DNS, refused or reset connection). Retried. */
export class PortalNetworkError extends PortalError {
  constructor(endpoint: string, cause: unknown) {
    super(endpoint, `network error: ${describeCause(cause)}`, { cause });
    this.name = 'PortalNetworkError';
  }
}

/** No answer within the time limit (ms). Not retried: a slow portal is not hammered. */
export class PortalTimeoutError extends PortalError {
  readonly timeoutMs: number;
  constructor(endpoint: string, timeoutMs: number) {
    super(endpoint, `timed out after ${timeoutMs} ms`);
    this.name = 'PortalTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The portal answered with an HTTP status other than 2xx. 5xx answers are retried. */
export class PortalHttpError extends PortalError {
  readonly status: number;
  constructor(endpoint: string, status: number, statusText: string) {
    super(endpoint, `HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
    this.name = 'PortalHttpError';
    this.status = status;
  }
}

/** The envelope's `code` is not the success code 20000 (REFERENCE.md "Portal API": "otherwise it is rejected"). */
export class PortalCodeError extends PortalError {
  readonly code: unknown;
  readonly portalMessage: string;
  constructor(endpoint: string, code: unknown, portalMessage: string) {
    super(endpoint, `portal code ${String(code)}${portalMessage ? ` (${portalMessage})` : ''}, expected 20000`);
    this.name = 'PortalCodeError';
    this.code = code;
    this.portalMessage = portalMessage;
  }
}

/** The body is not JSON, or not the `{ code, data }` envelope the site expects. */
export class PortalFormatError extends PortalError {
  constructor(endpoint: string, detail: string, cause?: unknown) {
    super(endpoint, `malformed answer: ${detail}`, { cause });
    this.name = 'PortalFormatError';
  }
}

/**
 * Why a portal answer's redirect was refused: to another origin (`location` and its `host`), a redirect the browser
 * does not disclose (`opaque`: fetch's `redirect: 'manual'` hides where it goes), more than `max` redirects within
 * the origin, or a redirect without a Location header.
 */
export type PortalRedirectRefusal =
  | { kind: 'other-host'; status: number; location: string; host: string; origin: string }
  | { kind: 'opaque'; origin: string }
  | { kind: 'too-many'; status: number; location: string; origin: string; max: number }
  | { kind: 'no-location'; status: number; origin: string };

/**
 * The portal answered with a redirect the client does not follow (REFERENCE.md "Publishing rules": the site publishes only what its
 * configured portal answers, never what another host serves). The message names the endpoint, the status and the
 * other host when known. Not retried.
 */
export class PortalRedirectError extends PortalError {
  /** HTTP status of the refused redirect; 0 when the browser hides it (`opaque`). */
  readonly status: number;
  /** The Location the portal answered (absolute), when known. */
  readonly location: string | undefined;
  /** Host (and port) the redirect points to when it leaves the origin, e.g. `evil.example`. */
  readonly host: string | undefined;
  constructor(endpoint: string, refusal: PortalRedirectRefusal) {
    const accepted = `only answers from ${refusal.origin} are accepted`;
    let detail: string;
    if (refusal.kind === 'other-host') {
      detail = `answered ${refusal.status} to another host ${refusal.host} (${refusal.location}); ${accepted}`;
    } else if (refusal.kind === 'opaque') {
      detail = `answered with a redirect, which is not followed (the browser does not say to which host); ${accepted}`;
    } else if (refusal.kind === 'too-many') {
      detail = `answered ${refusal.status} to ${refusal.location} after ${refusal.max} redirects already followed (PORTAL_MAX_REDIRECTS); no more are followed`;
    } else {
      detail = `answered ${refusal.status} without a Location header; ${accepted}`;
    }
    super(endpoint, detail);
    this.name = 'PortalRedirectError';
    this.status = 'status' in refusal ? refusal.status : 0;
    this.location = 'location' in refusal ? refusal.location : undefined;
    this.host = refusal.kind === 'other-host' ? refusal.host : undefined;
  }
}

/**
 * The portal's answer is larger than the limit (PORTAL_MAX_BODY_BYTES unless the call set its own), in bytes of the
 * decompressed body: refused from its Content-Length before reading (`declaredBytes`), or as soon as the body read
 * so far passes the limit (reading stops there, so a gzip bomb costs at most the limit). Not retried.
 */
export class PortalTooLargeError extends PortalError {
  /** The limit in bytes. */
  readonly limitBytes: number;
  /** The Content-Length the portal declared, in bytes, when that alone was over the limit. */
  readonly declaredBytes: number | undefined;
  constructor(endpoint: string, limitBytes: number, declaredBytes?: number) {
    const limit = `the limit of ${formatBytes(limitBytes)}`;
    super(
      endpoint,
      declaredBytes === undefined
        ? `answer too large: more than ${limit} (counted after decompression); reading stopped there`
        : `answer too large: Content-Length ${declaredBytes} bytes is over ${limit}; not read`,
    );
    this.name = 'PortalTooLargeError';
    this.limitBytes = limitBytes;
    this.declaredBytes = declaredBytes;
  }
}

/** `33554432 bytes (32 MiB)`: a byte count, with MiB from 1 MiB up. */
function formatBytes(bytes: number): string {
  const mib = bytes / 1_048_576;
  return mib >= 1 ? `${bytes} bytes (${Number(mib.toFixed(1))} MiB)` : `${bytes} bytes`;
}

/** One failing field of an item: its path, the rule's message in English and, when known, in zh-TW (for editors). */
export interface SchemaIssue {
  path: string;
  message: string;
  /** The same message in zh-TW (zod's zh-TW locale); editors read it in the publish report. */
  messageZh?: string;
}

/**
 * One item of a list breaks its schema: names the list, the item id (or index) and the fields. The loader
 * quarantines such an item (src/portal/quarantine.ts) instead of failing the list; `issues` carry each field's
 * reason for the build report.
 */
export class PortalSchemaError extends PortalError {
  readonly list: string;
  readonly itemId: string;
  readonly fields: string[];
  readonly issues: SchemaIssue[];
  constructor(endpoint: string, list: string, itemId: string, issues: SchemaIssue[]) {
    const detail = issues.map((issue) => `field "${issue.path}": ${issue.message}`).join('; ');
    super(endpoint, `list "${list}", item ${itemId}: ${detail}`);
    this.name = 'PortalSchemaError';
    this.list = list;
    this.itemId = itemId;
    this.fields = issues.map((issue) => issue.path);
    this.issues = issues;
  }
}

/**
 * More than half of a list's items break their schema (quarantine is for single items; a list that would
 * lose more than half of what the portal sent fails, or falls back to its snapshot, as a bad item did before).
 * Names the list, both counts and the first refusals.
 */
export class PortalListRefusedError extends PortalError {
  readonly list: string;
  constructor(endpoint: string, list: string, refused: readonly PortalSchemaError[], total: number) {
    const shown = refused.slice(0, 3).map((error) => error.message.slice(error.message.indexOf('item ')));
    super(
      endpoint,
      `list "${list}": ${refused.length} of ${total} items break their schema, more than half, so the list is not ` +
        `published live: ${shown.join(' | ')}${refused.length > shown.length ? ` | … ${refused.length - shown.length} more` : ''}`,
    );
    this.name = 'PortalListRefusedError';
    this.list = list;
  }
}

/**
 * Items quarantined for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS (a problem cannot hide forever). Not a
 * PortalError: the list's snapshot does not answer it, the build fails naming each item, its field and since when.
 */
export class PortalQuarantineAgeError extends Error {
  readonly list: string;
  constructor(list: string, items: readonly { id: string; field: string; since: string }[], maxAgeHours: number) {
    const named = items.map((item) => `item ${item.id} (field ${item.field}) since ${item.since}`).join('; ');
    super(
      `Portal list "${list}": ${items.length} item(s) quarantined for longer than PORTAL_QUARANTINE_MAX_AGE_HOURS ` +
        `(${maxAgeHours} h): ${named}. Fix them in the portal, or remove them from the list.`,
    );
    this.name = 'PortalQuarantineAgeError';
    this.list = list;
  }
}

/**
 * A list loaded live but lost more than half of its items against its baseline, or is empty with no snapshot to
 * compare with (item-drop guard, src/portal/snapshots.ts checkItemCount: a portal that answers 20000 with an empty or
 * shrinking list): names the list, both counts, since when the baseline holds and how to confirm the drop.
 */
export class PortalItemDropError extends PortalError {
  readonly list: string;
  readonly count: number;
  /** The baseline's count; 0 for an empty list with no snapshot to compare with. */
  readonly previousCount: number;
  /**
   * @param endpoint the list's endpoint (`GET /api/…`)
   * @param list the list's name
   * @param count the live items
   * @param baseline the item-drop guard's baseline (src/portal/snapshots.ts checkItemCount); undefined: the list is
   *   empty and there is no snapshot to compare with
   */
  constructor(endpoint: string, list: string, count: number, baseline: { items: number; since: string } | undefined) {
    super(
      endpoint,
      baseline
        ? `list "${list}" has ${count} items, against a baseline of ${baseline.items} (the most it had in a published build, ` +
            `or an editor's confirmed count, since ${baseline.since}): more than half are gone. If that is intended, ` +
            `confirm it with PORTAL_ALLOW_ITEM_DROP=${list} (or *) for this build.`
        : `list "${list}" is empty and there is no snapshot to compare it with (a first build, or the snapshot folder ` +
            `was lost): refused. If it really is empty, confirm it with PORTAL_ALLOW_ITEM_DROP=${list} (or *) for this build.`,
    );
    this.name = 'PortalItemDropError';
    this.list = list;
    this.count = count;
    this.previousCount = baseline?.items ?? 0;
  }
}

/** A short text for an unknown thrown value, following `cause` chains (undici puts the reason there). */
export function describeCause(cause: unknown): string {
  const parts: string[] = [];
  let current: unknown = cause;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(code ? `${current.message} [${String(code)}]` : current.message);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(': ') || 'unknown error';
}
