/**
 * Zod schemas of the portal's list items (REFERENCE.md "Portal data", "Portal API"). Each schema is the documentation of its list:
 * every field says what it is with `.describe()`. Fields the spec names keep the spec's names and are
 * required; the other fields are what the portal sends for pages to show. Unknown extra fields are
 * dropped (zod objects strip by default). Rich text (`content`) is sanitized here, at parse time, so no
 * page ever renders unsanitized portal HTML.
 */
import { z } from 'astro/zod';
import { parsePortalDate } from './date-parser';
import { sanitizeRichText } from './sanitize';
import {
  dateOrderProblem,
  disclosureSegment,
  lengthProblem,
  numericIdProblem,
  routeSegmentProblem,
  RULE,
  ruleMessage,
  TEXT_MAX_CHARS,
  visibleTextProblem,
  withoutBidiControls,
  yearProblem,
  type RuleName,
} from './validation';
import { BASE_PATH_RULE, LINK_RULE, VIDEO_RULE, basePath, basePathProblem, classifyFile, classifyLink, fileProblem, videoEmbedUrl } from './links';
import { VIDEO_EMBED_ORIGIN } from '../site/company';

/**
 * A zod check applying one rule of src/portal/validation.ts: a value the rule finds a problem with fails with
 * `rule "<name>": <reason>` (the one wording of a refusal; PortalSchemaError adds list, item and field).
 */
const rule =
  <T>(name: RuleName, problem: (value: T) => string | undefined) =>
  (value: T, context: z.RefinementCtx): void => {
    const reason = problem(value);
    if (reason !== undefined) context.addIssue({ code: 'custom', message: ruleMessage(name, reason) });
  };

/**
 * Portal ids arrive as numbers or strings; the site treats them as strings (REFERENCE.md "Portal data": "treated as string"). A number
 * id must be a safe integer (rule "portal-id": above 2^53 its digits are lost).
 */
export const portalId = z
  .union([z.string(), z.number().superRefine(rule(RULE.portalId, numericIdProblem))])
  .transform((value) => String(value).trim())
  .superRefine(rule(RULE.portalId, (value: string) => (value.length > 0 ? undefined : 'is empty')))
  .describe('Portal id, kept as a string');

/**
 * A portal id that becomes one URL segment of a page (`/news/detail/{id}`, `/about/decree/{id}`, categories) and one
 * folder of dist/: the route segment rule (src/portal/validation.ts routeSegmentProblem):
 * no dot segments, separators, `%`, reserved characters, non-NFC text, reserved names or over-long names.
 */
export const routeId = portalId.superRefine(rule(RULE.routeSegment, routeSegmentProblem));

/**
 * A date as the portal sends it, parsed to the instant it means (src/portal/date-parser.ts parsePortalDate, Asia/Taipei whatever the machine's zone): a
 * date or date-time without a zone is Taipei time, one with `Z` or an offset is that instant. Strict (no rollover:
 * `2026-02-30` is refused) and within PORTAL_YEAR_RANGE (not `9999-12-31`).
 */
export const portalDate = z
  .string()
  .superRefine(
    rule(RULE.date, (value: string) =>
      parsePortalDate(value) === undefined
        ? 'must be a real date: YYYY-MM-DD, YYYY/MM/DD or YYYY-MM-DDTHH:mm[:ss] with an optional Z or +08:00'
        : yearProblem(Number(value.trim().slice(0, 4))),
    ),
  )
  .transform((value) => parsePortalDate(value)!);

/**
 * Plain text as the site shows it (every text field of the portal, titles and names to fax numbers): its
 * bidirectional override and isolate controls removed (validation.ts withoutBidiControls: `下載\u202Efdp.exe` must not
 * show as `下載exe.pdf`; removed rather than refused, see there), then trimmed.
 */
const plainText = () => z.string().overwrite(withoutBidiControls).trim();

/**
 * Plain text that must show something (titles, names): plainText, at least one visible character (rule
 * "visible-text": zero-width characters alone are refused), at most `maxChars` characters (rule "length").
 */
const text = (maxChars: number = TEXT_MAX_CHARS.title) =>
  plainText()
    .superRefine(rule(RULE.visibleText, visibleTextProblem))
    .superRefine(rule(RULE.length, (value: string) => lengthProblem(value, maxChars)));

/** Plain text that may be empty (descriptions), but when given shows something and is at most `maxChars` characters. */
const optionalText = (maxChars: number = TEXT_MAX_CHARS.description) =>
  plainText()
    .superRefine(rule(RULE.visibleText, (value: string) => (value === '' ? undefined : visibleTextProblem(value))))
    .superRefine(rule(RULE.length, (value: string) => lengthProblem(value, maxChars)));

/**
 * Portal HTML, sanitized with the site's allow-list (src/portal/sanitize.ts: bidi controls removed, relative images
 * resolved against the image base or dropped), at most TEXT_MAX_CHARS.richText characters of sanitized HTML (rule
 * "length": one item of 1 MB made a 1.27 MB page).
 */
export const richText = z
  .string()
  .transform((html) => sanitizeRichText(html))
  .superRefine(
    rule(RULE.length, (html: string) => {
      const reason = lengthProblem(html, TEXT_MAX_CHARS.richText);
      return reason && `${reason} (sanitized HTML, markup included)`;
    }),
  );

/**
 * A string field read by one of the URL rules of src/portal/links.ts: the value becomes the
 * rule's result (the browser's serialized form of what was checked), or the item is refused with `rule`.
 */
const urlField = (read: (value: string) => string | undefined, rule: string) =>
  z.string().transform((value, context) => {
    const result = read(value);
    if (result === undefined) context.addIssue({ code: 'custom', message: rule });
    return result ?? '';
  });

/** Where a link leads: a site path (`/coupon/1`) or an absolute http(s) URL (links.ts classifyLink). */
const linkTarget = urlField((value) => classifyLink(value)?.href, LINK_RULE);

/** An absolute http(s) URL (a company site or outside); site paths, other schemes and `//host` are refused. */
const httpUrl = urlField((value) => {
  const target = classifyLink(value);
  return target && target.kind !== 'site' ? target.href : undefined;
}, 'must be an absolute http(s) URL');

/**
 * Path of an image under the portal's image base (REFERENCE.md "Portal data": images under an image base path; links.ts basePath), or
 * refused with rule "base-path" and the precise reason (links.ts basePathProblem: `#`, `&#…`, dot segments…).
 */
const assetPath = z.string().transform((value, context) => {
  const problem = basePathProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: ruleMessage(RULE.basePath, `${problem} (${BASE_PATH_RULE})`) });
  return basePath(value) ?? '';
});

/**
 * A file: a path under the file base of an allowed type (src/site/uploads.ts), or an absolute http(s) URL (links.ts
 * classifyFile; a file on another host is an external link, REFERENCE.md "Constants"). Refused with rule "base-path" or "file-type" (links.ts fileProblem): the base
 * serves portal files on the site's own origin, so an HTML page or a script there would act as the site.
 */
const filePath = z.string().transform((value, context) => {
  const problem = fileProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: ruleMessage(problem.rule, problem.reason) });
  const target = classifyFile(value);
  return target === undefined ? '' : target.kind === 'base' ? target.path : target.href;
});

/**
 * Rule "date-order" for an object with a start and an end date (REFERENCE.md "Portal boundary": every date rule for every list): the
 * end field is refused when it is before the start. The fields hold what portalDate returned: a Date, or the portal's
 * text when the field already failed its own rule (zod runs object checks after a field failed), which
 * dateOrderProblem does not compare.
 */
const dateOrder =
  <T extends Record<string, unknown>>(start: keyof T & string, end: keyof T & string) =>
  (item: T, context: z.RefinementCtx): void => {
    const reason = dateOrderProblem(item[start], item[end], { start, end });
    if (reason) context.addIssue({ code: 'custom', path: [end], message: ruleMessage(RULE.dateOrder, reason) });
  };

/** A category of a portal list (news, events, winners, shares, FAQ, locations, downloads). */
export const categorySchema = z.object({
  id: routeId.describe('Category id, used in URLs'),
  name: text(TEXT_MAX_CHARS.categoryName).describe('Category name shown on tabs'),
  sort: z.number().optional().describe('Display order, ascending'),
});

/** News, events, winners and shares: the article lists shown with the one list/detail template. */
export const articleSchema = z.object({
  id: routeId.describe('Item id; detail pages live at /{section}/detail/{id}'),
  title: text().describe('Headline'),
  date: portalDate.describe('Publication date'),
  description: optionalText().describe('Summary shown in lists and as the page description'),
  categoryId: portalId.describe('Id of the item category'),
  content: richText.default('').describe('Body as portal HTML, sanitized'),
  image: assetPath.optional().describe('Cover image path under the image base'),
  link: httpUrl.optional().describe('Where the item leads when it has no detail page (events)'),
  isTop: z.boolean().default(false).describe('Pinned to the top of its list'),
});

/** Coupons (優惠專區): REFERENCE.md "Portal data": "id, title, date, description; coupons also image". */
export const couponSchema = z
  .object({
    id: routeId.describe('Coupon id; detail at /coupon/detail/{id}'),
    title: text().describe('Offer name'),
    date: portalDate.describe('Publication date'),
    description: optionalText().describe('Short description shown in lists'),
    image: assetPath.describe('Offer image path under the image base'),
    content: richText.default('').describe('Terms of the offer as portal HTML, sanitized'),
    startDate: portalDate.optional().describe('First day of the offer'),
    endDate: portalDate.optional().describe('Last day of the offer'),
    link: httpUrl.optional().describe('Where to claim the offer'),
  })
  .superRefine(dateOrder('startDate', 'endDate'));

/** Videos (影音專區). */
export const videoSchema = z.object({
  id: portalId.describe('Video id'),
  title: text().describe('Video title, also the iframe title'),
  date: portalDate.describe('Publication date'),
  description: optionalText().default('').describe('Short description'),
  videoUrl: urlField(videoEmbedUrl, `${VIDEO_RULE} (the only frame the CSP allows for videos)`).describe(
    `Embeddable player URL on ${VIDEO_EMBED_ORIGIN}, e.g. ${VIDEO_EMBED_ORIGIN}/embed/{videoId}; rebuilt from the id`,
  ),
  image: assetPath.optional().describe('Poster image path'),
});

/** FAQ categories: names come as `X-name`; the site shows the part after the first hyphen (REFERENCE.md "Constants"). */
export const faqCategorySchema = categorySchema.extend({
  name: text(TEXT_MAX_CHARS.categoryName).describe('Category name in the `X-name` form, e.g. `1-理賠服務`'),
});

/** FAQ items: REFERENCE.md "Portal data": "items carry firstCategory and secondCategorySort". */
export const faqSchema = z.object({
  id: portalId.describe('FAQ item id'),
  title: text().describe('The question'),
  content: richText.describe('The answer as portal HTML, sanitized'),
  firstCategory: portalId.describe('Id of the FAQ category the item belongs to (grouping key, REFERENCE.md "Constants")'),
  secondCategory: optionalText(TEXT_MAX_CHARS.title).default('').describe('Sub-group heading inside the category'),
  secondCategorySort: z.number().describe('Order inside the category, ascending (REFERENCE.md "Constants")'),
});

/** Service locations (服務據點): REFERENCE.md "Portal data": "Location items: areaId". */
export const locationSchema = z.object({
  id: portalId.describe('Location id'),
  name: text().describe('Branch name, e.g. 台北分公司'),
  areaId: portalId.describe('Id of the location area (grouping key, REFERENCE.md "Constants")'),
  address: text().describe('Postal address'),
  phone: text().describe('Phone number'),
  fax: plainText().optional().describe('Fax number'),
  hours: text().describe('Opening hours'),
  mapUrl: httpUrl.optional().describe('Link to a map'),
});

/** Public disclosure categories: REFERENCE.md "Portal data": "categories: id, name, url". */
export const publicDisclosureCategorySchema = categorySchema.extend({
  url: z
    .string()
    .trim()
    .superRefine((url, context) => {
      // An http(s) address is an external target; anything else names the page /about/public/{segment} and obeys
      // the route segment rule (`.`, `..`, `%2e%2e`, `a?b`, `c#d`, `..\\..\\x`).
      const segment = disclosureSegment(url, '');
      const external = segment === undefined && !httpUrl.safeParse(url).success ? 'must be an http(s) URL' : undefined;
      const reason = segment ? routeSegmentProblem(segment) : external;
      if (reason) context.addIssue({ code: 'custom', message: ruleMessage(RULE.routeSegment, reason) });
    })
    .describe('URL segment of the category page (/about/public/{url}; empty: the category id) or an http(s) address'),
});

/** Public disclosures (公開資訊): REFERENCE.md "Portal data": "items: category". */
export const publicDisclosureSchema = z.object({
  id: portalId.describe('Item id'),
  title: text().describe('Title of the disclosure'),
  category: portalId.describe('Id of the public disclosure category (grouping key, REFERENCE.md "Constants")'),
  date: portalDate.optional().describe('Date of the disclosure'),
  content: richText.default('').describe('Body as portal HTML, sanitized'),
  fileUrl: filePath.optional().describe('Attached document: path under the file base, or an http(s) URL'),
  sort: z.number().optional().describe('Order inside the category'),
});

/** One downloadable file of a download item. */
export const downloadFileSchema = z.object({
  id: portalId.describe('File id'),
  title: text().describe('File name shown to visitors'),
  fileUrl: filePath.describe('File: path under the file base, or an http(s) URL'),
  fileType: plainText().default('pdf').describe('File type, e.g. pdf, docx'),
  date: portalDate.optional().describe('Last update'),
});

/** Downloads (文件下載): REFERENCE.md "Portal data": "Download items: category and id"; files are paginated on the item page. */
export const downloadSchema = z.object({
  id: routeId.describe('Download item id, used in /download/{category}/{id}/{page}'),
  title: text().describe('Item title, e.g. 汽車險理賠申請文件'),
  category: portalId.describe('Id of the download category'),
  sort: z.number().optional().describe('Order inside the category'),
  files: z.array(downloadFileSchema).default([]).describe('Files of the item'),
});

/** Decrees (法令規章): REFERENCE.md "Portal data": "Decree: id (treated as string)". */
export const decreeSchema = z.object({
  id: routeId.describe('Decree id, treated as a string; page at /about/decree/{id}'),
  title: text().describe('Decree title'),
  date: portalDate.optional().describe('Date of last amendment'),
  content: richText.default('').describe('Decree text as portal HTML, sanitized'),
  sort: z.number().optional().describe('Order in the decree menu'),
});

/** Staff list (優質服務人員): REFERENCE.md "Portal data" keeps only the first two characters of areaUnitName. */
export const staffSchema = z.object({
  id: portalId.describe('Staff entry id'),
  name: text().describe('Staff name'),
  areaUnitName: text().describe('Unit name; the site shows only its first two characters (REFERENCE.md "Portal data")'),
  title: plainText().default('').describe('Job title'),
  year: z.number().int().optional().describe('Year of the award'),
});

/** Home banners (首頁輪播). */
export const homeBannerSchema = z.object({
  id: portalId.describe('Banner id'),
  title: text(TEXT_MAX_CHARS.bannerTitle).describe('Banner headline, also the image alternative text'),
  description: optionalText(TEXT_MAX_CHARS.bannerDescription).default('').describe('Supporting line'),
  image: assetPath.describe('Desktop image path under the image base'),
  mobileImage: assetPath.optional().describe('Phone image path under the image base'),
  link: linkTarget.optional().describe('Where the banner leads (site path or http(s) URL)'),
  sort: z.number().default(0).describe('Display order, ascending'),
});

/** Contract-change list (保單變更): the insurance types whose policies can be changed and how. */
export const contractChangeSchema = z.object({
  id: portalId.describe('Entry id'),
  title: text().describe('Insurance type, e.g. 汽車保險'),
  description: optionalText().default('').describe('What can be changed'),
  items: z.array(plainText()).default([]).describe('Changes that can be applied'),
  documents: z.array(plainText()).default([]).describe('Documents a visitor needs'),
  sort: z.number().optional().describe('Display order'),
});

/**
 * The item schemas by key, as the list registry names them (src/site/lists.ts: an entry's `schema`; a section's
 * template, `article`, `coupon` or `video`, for its item list and `category` for an article section's categories).
 */
export const SCHEMAS = {
  article: articleSchema,
  category: categorySchema,
  coupon: couponSchema,
  video: videoSchema,
  faqCategory: faqCategorySchema,
  faq: faqSchema,
  location: locationSchema,
  publicDisclosureCategory: publicDisclosureCategorySchema,
  publicDisclosure: publicDisclosureSchema,
  download: downloadSchema,
  decree: decreeSchema,
  staff: staffSchema,
  homeBanner: homeBannerSchema,
  contractChange: contractChangeSchema,
} as const;
