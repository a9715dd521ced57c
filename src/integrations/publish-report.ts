/**
 * The publish report for editors (every publish is visible to them): from the build report (BuildReport of
 * src/portal/snapshots.ts) the publishing step writes the page `dist/_publish/index.html` (PUBLISH_REPORT_PATH: zh-TW,
 * `noindex`, linked from no page, not in the sitemap, which lists Astro's routes only, and not in the search index,
 * which is built before it is written) with its stylesheet, and scripts/rebuild.mjs writes the same summary as
 * Markdown into the job summary (GITHUB_STEP_SUMMARY). Both say: the build time; per list its source, age and item
 * count; the quarantined items with the reason and what to fix; the pages added, changed and removed against the
 * last published build (pageChanges), each linked (removed pages are named, not linked: they are gone).
 * "Last published build": its page digests are committed to the snapshot folder with its snapshots (publishing.ts),
 * and the rebuild workflow saves that folder only after a run that built, passed the checks and deployed, so in the
 * workflow it is the last deploy (a local `npm run build`: the last successful build). The build cannot see the
 * deployed site itself (DEPLOY_COMMAND may upload anywhere), so the digests travel with the snapshots.
 *
 * Runs in the build and in scripts/rebuild.mjs (Node's own TypeScript stripping): relative imports carry `.ts`.
 */
import type { ImageReport } from './images.ts';
import { escapeHtml } from '../lib/html.ts';
import { quarantineAdvice } from '../portal/quarantine.ts';
import type { BuildReport, PageChanges, PageDigests } from '../portal/snapshots.ts';
import { COMPANY } from '../site/company.ts';
import { PUBLISH_REPORT_MAX_PAGES, PUBLISH_REPORT_PATH } from '../site/limits.ts';

/** The report page's stylesheet, beside it (an external file: the site's CSP allows no inline style). */
export const PUBLISH_REPORT_STYLESHEET = 'report.css';

/**
 * Simple styles of the report page: readable tables, the site's colours left alone. Tables keep the page's width and
 * long ids, reasons and paths wrap anywhere, so no editor's text widens the page on a phone (no page scrolls sideways,
 * WCAG 2.2 SC 1.4.10 Reflow).
 */
const STYLESHEET = `body{font-family:system-ui,"Noto Sans TC",sans-serif;line-height:1.6;margin:0;color:#222;background:#fff}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:2px solid #ddd}
table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:.95rem}th,td{border:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}
th,td,li,p{overflow-wrap:anywhere}
th{background:#f3f3f3}.warn{color:#a40000;font-weight:bold}.en{color:#555;font-size:.85rem}
ul.pages{columns:2;font-family:ui-monospace,monospace;font-size:.9rem}
@media (max-width:40rem){main{padding:1rem}ul.pages{columns:1}table{font-size:.85rem}}
`;

/**
 * The pages added, changed and removed against the last published build.
 * @param previous that build's page digests (readPageDigests), undefined when there is none
 * @param current this build's (BuiltPages.pageDigests): site path → hash
 * @returns the changes, each list sorted; `since: null` and empty lists when there is nothing to compare with
 */
export function pageChanges(previous: PageDigests | undefined, current: Record<string, string>): PageChanges {
  if (!previous) return { since: null, added: [], changed: [], removed: [] };
  const paths = Object.keys(current).sort();
  return {
    since: previous.builtAt,
    added: paths.filter((path) => !Object.hasOwn(previous.pages, path)),
    changed: paths.filter((path) => Object.hasOwn(previous.pages, path) && previous.pages[path] !== current[path]),
    removed: Object.keys(previous.pages)
      .filter((path) => !Object.hasOwn(current, path))
      .sort(),
  };
}

/** A time in Taiwan, e.g. `2026/11/21 18:00`. */
const taipeiTime = (iso: string): string =>
  new Intl.DateTimeFormat('zh-TW', { timeZone: 'Asia/Taipei', dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso));

/** An age in hours, in zh-TW: `0.3 小時`. */
const hoursZh = (hours: number): string => `${hours < 0.1 ? hours.toFixed(2) : hours.toFixed(1)} 小時`;

/** The source of a list, in zh-TW. */
const sourceZh = (source: 'live' | 'snapshot'): string => (source === 'live' ? '即時' : '快照（入口網站讀取失敗，使用上次的資料）');

/** The three groups of page changes with their zh-TW headings. */
const CHANGE_GROUPS = [
  ['added', '新增的頁面'],
  ['changed', '內容有變更的頁面'],
  ['removed', '移除的頁面'],
] as const;

/** The headline of a report, in zh-TW: quarantined items and lists served from snapshots, or all clear. */
export function reportHeadline(report: BuildReport): string {
  const stale = Object.values(report.lists).filter((list) => list.source === 'snapshot').length;
  const parts = [
    report.quarantined.length > 0 ? `${report.quarantined.length} 個項目未通過檢查（隔離中）` : '',
    stale > 0 ? `${stale} 個清單使用快照` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `需要處理：${parts.join('、')}。` : '所有清單皆為即時資料，沒有被隔離的項目。';
}

/** The comparison line of the page changes, in zh-TW. */
function comparisonZh(pages: PageChanges | undefined): string {
  if (!pages) return '本次建置沒有比較頁面。';
  if (!pages.since) return '沒有上次發布的頁面紀錄可比較（第一次建置，或快照資料夾是新的）。';
  return `與上次發布（${taipeiTime(pages.since)}）相比：新增 ${pages.added.length}、變更 ${pages.changed.length}、移除 ${pages.removed.length} 頁。`;
}

/**
 * The publish report page (`/_publish/`), zh-TW, noindex.
 * @param report this build's report (buildReport, with `pages`)
 * @returns the HTML document
 */
export function publishReportPage(report: BuildReport & { images?: ImageReport | null }): string {
  const failedImages = report.images?.failed ?? [];
  const images =
    failedImages.length === 0
      ? '<p>所有圖片皆可顯示。</p>'
      : `<table>
<thead><tr><th scope="col">清單</th><th scope="col">項目</th><th scope="col">欄位</th><th scope="col">原因</th></tr></thead>
<tbody>
${failedImages
  .map(
    (image) =>
      `<tr><td>${escapeHtml(image.list)}</td><td>${escapeHtml(image.itemId)}</td><td>${escapeHtml(image.field)}<br>${escapeHtml(image.path)}</td>` +
      `<td>${escapeHtml(image.reasonZh)}<br><span class="en" lang="en">${escapeHtml(image.reason)}</span></td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  const quarantined =
    report.quarantined.length === 0
      ? '<p>沒有被隔離的項目。</p>'
      : `<table>
<thead><tr><th scope="col">清單</th><th scope="col">項目</th><th scope="col">欄位與原因</th><th scope="col">隔離起始</th><th scope="col">如何修正</th></tr></thead>
<tbody>
${report.quarantined
  .map(
    (item) =>
      `<tr><td>${escapeHtml(item.list)}</td><td>${escapeHtml(item.id)}${item.title ? `<br>${escapeHtml(item.title)}` : ''}</td>` +
      `<td>${escapeHtml(item.reason['zh-TW'])}<br><span class="en" lang="en">${escapeHtml(item.reason.en)}</span></td>` +
      `<td><time datetime="${escapeHtml(item.since)}">${taipeiTime(item.since)}</time></td><td>${escapeHtml(quarantineAdvice(item))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  const lists = Object.entries(report.lists)
    .map(
      ([name, list]) =>
        `<tr><td>${escapeHtml(name)}</td><td${list.source === 'snapshot' ? ' class="warn"' : ''}>${sourceZh(list.source)}</td>` +
        `<td><time datetime="${escapeHtml(list.fetchedAt)}">${taipeiTime(list.fetchedAt)}</time></td><td>${hoursZh(list.ageHours)}</td><td>${list.items}</td></tr>`,
    )
    .join('\n');
  const changes = report.pages?.since
    ? CHANGE_GROUPS.map(([group, heading]) => {
        const paths = report.pages![group];
        const shown = paths.slice(0, PUBLISH_REPORT_MAX_PAGES);
        const items = shown.map((path) =>
          group === 'removed' ? `<li>${escapeHtml(path)}</li>` : `<li><a href="${escapeHtml(encodeURI(path))}">${escapeHtml(path)}</a></li>`,
        );
        const more = paths.length > shown.length ? `<p>……另有 ${paths.length - shown.length} 頁未列出。</p>` : '';
        return `<h3>${heading}（${paths.length}）</h3>\n${items.length > 0 ? `<ul class="pages">\n${items.join('\n')}\n</ul>` : '<p>無。</p>'}${more}`;
      }).join('\n')
    : '';
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>網站發布報告｜${escapeHtml(COMPANY.shortName)}</title>
<link rel="stylesheet" href="${PUBLISH_REPORT_PATH}${PUBLISH_REPORT_STYLESHEET}">
</head>
<body>
<main>
<h1>網站發布報告</h1>
<p>建置時間：<time datetime="${escapeHtml(report.builtAt)}">${taipeiTime(report.builtAt)}</time>（台北時間）</p>
<p${report.quarantined.length > 0 ? ' class="warn"' : ''}>${reportHeadline(report)}</p>
<h2>隔離中的項目</h2>
<p>未通過檢查的項目不會發布；若上次發布時有正確的版本，網站會保留該版本。修正後，下一次建置會自動發布。</p>
${quarantined}
<h2>無法顯示的圖片</h2>
<p>下列圖片無法下載或轉換，頁面以圖片說明的底圖代替，項目本身照常發布。請在後台換上正確的圖片檔。${report.images?.pending ? `另有 ${report.images.pending} 張圖片將在下次建置時完成轉換，目前先顯示原圖。` : ''}</p>
${images}
<h2>頁面變更</h2>
<p>${comparisonZh(report.pages)}</p>
${changes}
<h2>各清單的資料來源</h2>
<table>
<thead><tr><th scope="col">清單</th><th scope="col">來源</th><th scope="col">資料時間</th><th scope="col">資料年齡</th><th scope="col">項目數</th></tr></thead>
<tbody>
${lists}
</tbody>
</table>
</main>
</body>
</html>
`;
}

/** The report page's stylesheet (PUBLISH_REPORT_STYLESHEET). */
export const publishReportStylesheet = (): string => STYLESHEET;

/** A Markdown table cell: no pipes or line breaks. */
const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The same summary as Markdown, for the job summary of the rebuild workflow (GITHUB_STEP_SUMMARY).
 * @param report this build's report
 * @param siteUrl the site's origin (SITE_URL): pages and the report are linked absolutely
 */
export function publishSummaryMarkdown(report: BuildReport, siteUrl: string): string {
  const link = (path: string) => `[${path}](${new URL(encodeURI(path), siteUrl).href})`;
  const lines = [
    `## 網站發布報告 ${taipeiTime(report.builtAt)}（台北時間）`,
    '',
    reportHeadline(report),
    '',
    `完整報告：${new URL(PUBLISH_REPORT_PATH, siteUrl).href}`,
    '',
    '### 隔離中的項目',
    '',
  ];
  if (report.quarantined.length === 0) lines.push('沒有被隔離的項目。');
  else {
    lines.push('| 清單 | 項目 | 欄位與原因 | 隔離起始 | 如何修正 |', '|---|---|---|---|---|');
    for (const item of report.quarantined) {
      const name = `${item.id}${item.title ? ` ${item.title}` : ''}`;
      lines.push(
        `| ${cell(item.list)} | ${cell(name)} | ${cell(item.reason['zh-TW'])} (${cell(item.reason.en)}) | ${taipeiTime(item.since)} | ${cell(quarantineAdvice(item))} |`,
      );
    }
  }
  lines.push('', '### 頁面變更', '', comparisonZh(report.pages));
  if (report.pages?.since) {
    for (const [group, heading] of CHANGE_GROUPS) {
      const paths = report.pages[group];
      lines.push('', `**${heading}（${paths.length}）**`, '');
      const shown = paths.slice(0, PUBLISH_REPORT_MAX_PAGES);
      lines.push(...shown.map((path) => `- ${group === 'removed' ? path : link(path)}`));
      if (paths.length > shown.length) lines.push(`- ……另有 ${paths.length - shown.length} 頁未列出`);
    }
  }
  lines.push('', '### 各清單的資料來源', '', '| 清單 | 來源 | 資料時間 | 資料年齡 | 項目數 |', '|---|---|---|---|---|');
  for (const [name, list] of Object.entries(report.lists)) {
    lines.push(`| ${name} | ${sourceZh(list.source)} | ${taipeiTime(list.fetchedAt)} | ${hoursZh(list.ageHours)} | ${list.items} |`);
  }
  return `${lines.join('\n')}\n`;
}
