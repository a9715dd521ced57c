/**
 * Where a URL from the portal leads (REFERENCE.md "Portal boundary": "One validation layer at the boundary"): the one rule that decides
 * "site path vs external" for every URL field (banner and event links, coupon links, map links, download and disclosure
 * files, rich-text links, notification links), used by the schemas (src/portal/schemas.ts), the pages
 * (src/lib/assets.ts) and the click-time detector of the browser (src/browser/external-link.ts, REFERENCE.md "Constants").
 *
 * The rule reads a value as the browser will: with the WHATWG URL parser (`new URL`), which drops leading and
 * trailing spaces and control characters, removes tabs and newlines anywhere, reads `\` as `/` in http(s) URLs and
 * `//host` as a host. So `/\evil.example/x` and `/<TAB>/evil.example/x` are not site paths: they name another host
 * (without a scheme, "host-relative") and are refused like `//evil.example/`. Values go to the page in the parser's
 * serialized form, so what the page says is what was checked.
 *
 * Pure functions, no zod and no environment: the browser's runtime chunk imports them too (through src/lib).
 */
import { COMPANY_DOMAINS, VIDEO_EMBED_ORIGIN } from '../site/company';
import { UNSAFE_PORTAL_PATH, UPLOAD_BASE_PATH, UPLOAD_TYPE_RULE, uploadType } from '../site/uploads';

/** Origin that stands for "this site" while parsing: no real host has a `.invalid` name (RFC 2606). */
const SITE_PLACEHOLDER = 'https://site.invalid';
/** Base folder that stands for the image/file base while parsing base-relative paths. */
const BASE_PLACEHOLDER = `${SITE_PLACEHOLDER}/base/`;

/**
 * What a URL field means:
 * - `site`: a path on this site (`/news/all?x#y`), shown in the same tab;
 * - `company`: an absolute http(s) URL on a company host (COMPANY_DOMAINS: another company site, or this site
 *   written in full): new tab, `rel`, the 另開新視窗 hint, no confirmation;
 * - `external`: an absolute http(s) URL outside the company: new tab, `rel`, the hint and the confirmation 是否前往外部網站.
 * `href` is the WHATWG-serialized value to write into the page.
 */
export interface LinkTarget {
  kind: 'site' | 'company' | 'external';
  href: string;
}

/** Why a value is not a link, for refusals (zh-TW is for visitors; these go to editors' build logs). */
export const LINK_RULE = 'must be a site path starting with one "/" (not "//", "/\\" or a tab between) or an absolute http(s) URL';

/** The value as the WHATWG parser sees it first: leading/trailing C0 controls and spaces gone, tabs/newlines removed. */
function preprocess(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** A host name that is one of `domains` or a subdomain of one (`ebiz.hotains.com.tw`). */
export function isCompanyHost(hostname: string, domains: readonly string[] = COMPANY_DOMAINS): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * A parsed http(s) URL leaves the company's sites: its host is neither `siteHost` nor a company host (REFERENCE.md "Constants").
 * @param url a URL already parsed by the WHATWG parser (the browser's `link.href`, or `new URL`)
 * @param siteHost the host of the page (the browser's `location.hostname`); empty when unknown (build time)
 */
export function leavesCompany(url: URL, siteHost = '', domains: readonly string[] = COMPANY_DOMAINS): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname !== siteHost && !isCompanyHost(url.hostname, domains);
}

/**
 * Decides where a portal URL leads (module docstring).
 * @param value the field as the portal sent it
 * @returns the kind and the serialized href; undefined when the value is no usable link: another scheme
 *   (javascript:, data:, mailto:), a host without a scheme (`//host`, `/\host`, `/<TAB>/host`), a relative path
 *   (`news/all`, which would depend on the page it is on), or unparseable
 */
export function classifyLink(value: string, domains: readonly string[] = COMPANY_DOMAINS): LinkTarget | undefined {
  const input = preprocess(value);
  if (/^\/(?![/\\])/.test(input)) {
    const url = new URL(input, `${SITE_PLACEHOLDER}/`);
    // Always true after the test above; kept so that a parser difference can never turn a host into a path.
    if (url.origin !== SITE_PLACEHOLDER) return undefined;
    return { kind: 'site', href: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!/^https?:/i.test(input)) return undefined;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return undefined;
  }
  return { kind: leavesCompany(url, '', domains) ? 'external' : 'company', href: url.href };
}

/** The link opens a new tab with `rel` and the 另開新視窗 hint: anything that is not a site path. */
export const opensNewTabFor = (target: LinkTarget): boolean => target.kind !== 'site';

/** Why a value is not a base path, for refusals (basePathProblem gives the precise reason). */
export const BASE_PATH_RULE =
  'must be a path under the image/file base (e.g. images/coupon/1.svg): no scheme, no host, no "..", no ";", no "\\", no percent-encoded ".", "/", "\\" or "%", no "#", no HTML character reference';

/** The value with only its leading and trailing C0 controls and spaces removed (what an editor sees as the value). */
const trimEnds = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/** Percent-encoded UTF-8 runs decoded where they decode, the rest kept (`%E4%BF%9D%` → `保%`), for comparisons. */
const decodeLoosely = (text: string): string =>
  text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** An HTML character reference: `&#106;`, `&#x6A`, `&amp;` (a value from HTML-escaping tools, never a file name). */
const CHARACTER_REFERENCE = /&(?:#|[a-z][a-z0-9]*;)/i;

/**
 * Reads a base path (basePath's rule), giving the path or the reason it is refused. Refused, besides what names a
 * host or leaves the base: a value the browser would read as something else than written, since the page would then
 * link to another file than the editor meant, with no word (`&#106;avascript:alert(1)` was `href="/upload/&"`):
 * `#` (the browser drops the fragment from the request), an HTML character reference, a tab or line break (removed
 * by the browser), dot segments (`a/./b`, `a/../b`), and any other change once percent-encoding is read.
 */
function readBasePath(value: string): { path: string } | { problem: string } {
  const written = trimEnds(value);
  if (written === '') return { problem: 'is empty' };
  // `//host/x` and `/\host/x` name another host: refused, not read as a folder of the base.
  if (/^[/\\]{2}/.test(written)) return { problem: 'names another host ("//" or "/\\" at the start)' };
  const input = written.replace(/^\//, '');
  if (input.includes('\\')) return { problem: 'holds "\\", which the browser reads as "/"' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(input)) return { problem: 'has a scheme (a path under the base has none)' };
  if (/[\t\n\r]/.test(input)) return { problem: 'holds a tab or a line break, which the browser removes' };
  if (CHARACTER_REFERENCE.test(input)) return { problem: 'holds an HTML character reference ("&#…" or "&name;"): write the character itself' };
  if (input.includes('#')) return { problem: 'holds "#": the browser would request only the part before it' };
  let url: URL;
  try {
    url = new URL(input, BASE_PLACEHOLDER);
  } catch {
    return { problem: 'is not a path the browser can read' };
  }
  const base = new URL(BASE_PLACEHOLDER);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || url.pathname === base.pathname) {
    return { problem: 'leaves the base (".." or an encoded "%2e%2e")' };
  }
  const path = `${url.pathname.slice(base.pathname.length)}${url.search}`;
  if (decodeLoosely(path) !== decodeLoosely(input)) {
    return { problem: `the browser would read it as "${decodeLoosely(path).slice(0, 80)}", not as written (dot segments such as "./" or "a/../")` };
  }
  // What the browser keeps as written, an application server may still read as another file (`..;/`, `%5c`).
  if (UNSAFE_PORTAL_PATH.test(input)) {
    return { problem: 'holds "..", ";" or a percent-encoded ".", "/", "\\" or "%", which the portal\'s server may read as another path' };
  }
  return { path };
}

/**
 * Base path rule (REFERENCE.md "Portal data": "image under an image base path"; REFERENCE.md "Portal boundary"): the reason `value` is no path under the
 * portal's image/file base (readBasePath), or undefined when it is one.
 */
export function basePathProblem(value: string): string | undefined {
  const read = readBasePath(value);
  return 'problem' in read ? read.problem : undefined;
}

/**
 * A path relative to the portal's image/file base (REFERENCE.md "Portal data": "image under an image base path"): no scheme, no host, no
 * `\`, no dot segment, no `#` and no HTML character reference, and nothing the browser would read otherwise than
 * written (readBasePath). A leading `/` is dropped (the portal writes `images/x.svg` and `/images/x.svg` alike); two
 * (`//host/x`) name a host and are refused.
 * @param value the field as the portal sent it
 * @returns the path to append to the base (WHATWG-serialized, percent-encoded where needed), or undefined
 */
export function basePath(value: string): string | undefined {
  const read = readBasePath(value);
  return 'path' in read ? read.path : undefined;
}

/**
 * A path of this site served from the portal's uploads, read as the web server reads it: percent-encoding decoded
 * (`/%75pload/x` is `/upload/x` to nginx) and repeated slashes merged.
 * @param pathname a URL's path, starting with `/`
 * @param bases the upload folders, each starting and ending with `/` (default UPLOAD_BASE_PATH, `/upload/`)
 */
export function isUploadPath(pathname: string, bases: readonly string[] = [UPLOAD_BASE_PATH]): boolean {
  const path = decodeLoosely(pathname).replace(/\/{2,}/g, '/');
  return bases.some((base) => path.startsWith(base));
}

/** Where a file field leads: a path under the file base (`files/x.pdf`), or an absolute http(s) URL. */
export type FileTarget = { kind: 'base'; path: string } | LinkTarget;

/** Why a file field is refused: the rule it breaks (names of src/portal/validation.ts RULE) and the reason. */
export interface FileProblem {
  rule: 'base-path' | 'file-type';
  reason: string;
}

/** A file target, or why the value is none (readFile). */
function readFile(value: string, domains: readonly string[]): { target: FileTarget } | { problem: FileProblem } {
  const input = preprocess(value);
  if (/^https?:/i.test(input)) {
    const target = classifyLink(input, domains);
    if (target === undefined || target.kind === 'site')
      return { problem: { rule: 'base-path', reason: `${BASE_PATH_RULE}, or an absolute http(s) URL` } };
    // A company host written in full may be this site: its uploads obey the file type rule like a base path.
    const { pathname } = new URL(target.href);
    if (target.kind === 'company' && isUploadPath(pathname) && uploadType(pathname) === undefined) {
      return { problem: { rule: 'file-type', reason: UPLOAD_TYPE_RULE } };
    }
    return { target };
  }
  const read = readBasePath(value);
  if ('problem' in read) return { problem: { rule: 'base-path', reason: `${read.problem} (${BASE_PATH_RULE}, or an absolute http(s) URL)` } };
  // Files under the base are served on the site's own origin: only the types of src/site/uploads.ts.
  if (uploadType(read.path) === undefined) return { problem: { rule: 'file-type', reason: UPLOAD_TYPE_RULE } };
  return { target: { kind: 'base', path: read.path } };
}

/**
 * File rule (download `files[].fileUrl`, disclosure `fileUrl`; REFERENCE.md "Portal boundary"): the rule a file field breaks and why,
 * or undefined when it is a file the site may link to: a path under the file base (basePath) of an allowed type
 * (src/site/uploads.ts uploadType), or an absolute http(s) URL (another host included; a company host's `/upload/`
 * path also needs an allowed type, since it may be this site's).
 */
export function fileProblem(value: string, domains: readonly string[] = COMPANY_DOMAINS): FileProblem | undefined {
  const read = readFile(value, domains);
  return 'problem' in read ? read.problem : undefined;
}

/**
 * A download or disclosure file (`fileUrl`): a path under the file base of an allowed type, or an absolute http(s)
 * URL (another host included: the page then gives it the confirmation, the new-tab hint and `rel`, REFERENCE.md "Constants").
 * @returns undefined when it is neither (javascript:, `//host`, `../x`, `x.html` under the base; fileProblem says why)
 */
export function classifyFile(value: string, domains: readonly string[] = COMPANY_DOMAINS): FileTarget | undefined {
  const read = readFile(value, domains);
  return 'target' in read ? read.target : undefined;
}

/** The player path of one video: `/embed/{id}` and nothing else; a YouTube id is 11 characters of URL-safe base64. */
const EMBED_PATH = /^\/embed\/([A-Za-z0-9_-]{11})$/;

/** Why a value is not a video, for refusals. */
export const VIDEO_RULE = `must be ${VIDEO_EMBED_ORIGIN}/embed/{11-character video id}`;

/**
 * The player URL of a portal video, rebuilt from its id (`…/embed/../../redirect?q=…` must not
 * become another path of the player's host). The value is parsed as the browser would; its origin must be
 * VIDEO_EMBED_ORIGIN and its path `/embed/{id}` exactly; query and fragment are dropped.
 * @returns `${VIDEO_EMBED_ORIGIN}/embed/${id}`, or undefined
 */
export function videoEmbedUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(preprocess(value));
  } catch {
    return undefined;
  }
  const id = url.origin === VIDEO_EMBED_ORIGIN ? EMBED_PATH.exec(url.pathname)?.[1] : undefined;
  return id ? `${VIDEO_EMBED_ORIGIN}/embed/${id}` : undefined;
}
