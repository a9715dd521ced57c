/**
 * Editors are told (REFERENCE.md "Publishing rules": an item's problem is reported to editors): with PUBLISH_NOTIFY_URL set, one JSON
 * message is POSTed when a build fails (scripts/rebuild.mjs, failureMessage) and when a build that publishes
 * quarantined items or served a list from its snapshot (the publishing step, publishMessage). Each message says what
 * happened (`event`, a zh-TW `text`), which lists and items, and links the publish report (SITE_URL +
 * PUBLISH_REPORT_PATH). A notification has a short time limit (PUBLISH_NOTIFY_TIMEOUT_MS) and never fails the publish:
 * any failure is a warning.
 *
 * Runs in the build and in scripts/rebuild.mjs (Node's own TypeScript stripping): relative imports carry `.ts`.
 */
import type { QuarantinedItem } from '../portal/quarantine.ts';
import type { BuildReport, ItemCountRefusal } from '../portal/snapshots.ts';
import { PUBLISH_NOTIFY_TIMEOUT_MS, PUBLISH_REPORT_PATH } from '../site/limits.ts';
import { reportHeadline } from './publish-report.ts';

/** The message of a build that published with quarantined items or lists from snapshots. */
export interface PublishMessage {
  event: 'published-with-problems';
  /** What happened, in zh-TW. */
  text: string;
  /** The kinds of problem: `quarantined` and/or `snapshot`. */
  problems: ('quarantined' | 'snapshot')[];
  builtAt: string;
  quarantined: QuarantinedItem[];
  /** The lists served from their snapshot, with the snapshot's time and age. */
  snapshots: { list: string; fetchedAt: string; ageHours: number }[];
  /** The publish report page. */
  report: string;
}

/** The message of a failed rebuild. */
export interface FailureMessage {
  event: 'build-failed';
  text: string;
  /** The step that failed: `build`, `checks` or `deploy`. */
  step: string;
  exitCode: number;
  /** The lists the item-drop guard refused: list, live items and the baseline's count (absent: empty, no snapshot). */
  refused?: { list: string; items: number; baseline?: number }[];
  /** The publish report page (the last published build's: the failed one published nothing). */
  report: string;
}

/** The publish report's address on the site. */
export const reportUrl = (siteUrl: string): string => new URL(PUBLISH_REPORT_PATH, siteUrl).href;

/**
 * The message of a build report, when it has something to tell.
 * @param report this build's report
 * @param siteUrl SITE_URL
 * @returns the message, or undefined when no item is quarantined and every list is live
 */
export function publishMessage(report: BuildReport, siteUrl: string): PublishMessage | undefined {
  const snapshots = Object.entries(report.lists)
    .filter(([, list]) => list.source === 'snapshot')
    .map(([list, { fetchedAt, ageHours }]) => ({ list, fetchedAt, ageHours }));
  const problems = [...(report.quarantined.length > 0 ? (['quarantined'] as const) : []), ...(snapshots.length > 0 ? (['snapshot'] as const) : [])];
  if (problems.length === 0) return undefined;
  return {
    event: 'published-with-problems',
    text: `網站已發布。${reportHeadline(report)}`,
    problems,
    builtAt: report.builtAt,
    quarantined: report.quarantined,
    snapshots,
    report: reportUrl(siteUrl),
  };
}

/**
 * The message of a failed rebuild step.
 * @param step `build`, `checks` or `deploy`
 * @param exitCode the step's exit code
 * @param siteUrl SITE_URL
 * @param refusals the lists the item-drop guard refused in the build (src/portal/snapshots.ts readStagedRefusals):
 *   their zh-TW reasons join the text, and they go in `refused` (list, live items, baseline)
 */
export function failureMessage(step: string, exitCode: number, siteUrl: string, refusals: readonly ItemCountRefusal[] = []): FailureMessage {
  const reasons = refusals.map((refusal) => refusal.reason.zh).join(' ');
  return {
    event: 'build-failed',
    text: `網站重建失敗（步驟：${step}，結束碼 ${exitCode}），網站維持上次發布的內容。${reasons ? `${reasons} ` : ''}請查看工作紀錄；上次發布的報告見連結。`,
    step,
    exitCode,
    ...(refusals.length > 0
      ? { refused: refusals.map(({ list, items, baseline }) => ({ list, items, ...(baseline ? { baseline: baseline.items } : {}) })) }
      : {}),
    report: reportUrl(siteUrl),
  };
}

/**
 * POSTs one JSON message to `url`, within `timeoutMs`.
 * @param url PUBLISH_NOTIFY_URL; undefined: nothing is sent
 * @param message the message (publishMessage, failureMessage)
 * @param options.warn where a failure is reported (the build's logger, console.warn)
 * @param options.timeoutMs time limit in ms (default PUBLISH_NOTIFY_TIMEOUT_MS)
 * @returns whether the receiver answered 2xx; never throws
 */
export async function notify(
  url: string | undefined,
  message: PublishMessage | FailureMessage | undefined,
  options: { warn: (text: string) => void; timeoutMs?: number },
): Promise<boolean> {
  if (!url || !message) return false;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(options.timeoutMs ?? PUBLISH_NOTIFY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return true;
    options.warn(`PUBLISH_NOTIFY_URL answered HTTP ${response.status}: editors were not told (${message.event}). The publish goes on.`);
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    options.warn(
      `PUBLISH_NOTIFY_URL could not be reached (${(error as Error).message}${cause?.message ? `: ${cause.message}` : ''}): editors were not told (${message.event}). The publish goes on.`,
    );
  }
  return false;
}
