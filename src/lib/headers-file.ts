/**
 * Reads a `_headers` file (Netlify / Cloudflare Pages syntax, the file src/lib/security-headers.ts headersFile writes
 * into dist/) and answers which headers a path gets, the way those hosts apply it, so that a server other than the
 * CDN (scripts/serve.mjs: `npm start`, `npm run preview`, the end-to-end tests) sends what production sends.
 *
 * The syntax (developers.cloudflare.com/pages/configuration/headers, docs.netlify.com "Custom headers"):
 * - a line starting with `/` is a path pattern: `*` (a splat) matches any characters, slashes included (`/*` is
 *   every path, `/` too); `:name` (a placeholder) matches one path segment; anything else matches itself;
 * - the indented `Name: value` lines under it are the headers of every path it matches;
 * - `#` starts a comment line; blank lines are ignored;
 * - when several matching rules set the same header, its values are joined with `, ` in file order (for
 *   Content-Security-Policy that makes two policies, both enforced).
 * Absolute-URL patterns (`https://host/path`) and Cloudflare's `! Name` (detach) are refused: the site's file uses
 * neither, and a server that silently ignored them would not be as strict as the host.
 *
 * Imports nothing: scripts/serve.mjs loads this module under plain Node.
 */

/** One rule of the file: its pattern as written, the pattern as a regular expression over paths, and its headers. */
export interface HeaderRule {
  pattern: string;
  matches: RegExp;
  headers: [name: string, value: string][];
}

/**
 * The path pattern of a rule as a regular expression over the whole path (`*` any characters, `:name` one segment).
 * @throws Error when the pattern is not a site path
 */
function patternRegExp(pattern: string): RegExp {
  if (!pattern.startsWith('/')) throw new Error(`unsupported path pattern "${pattern}" (only site paths starting with /).`);
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The rules of a `_headers` file, in file order.
 * In: the file's text. Out: HeaderRule[] (empty for an empty file).
 * @throws Error naming the line (1-based) when a header line comes before any pattern, a line is neither a pattern
 *   nor `Name: value`, or it uses a form this reader refuses (see the module comment)
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const where = `_headers line ${index + 1}`;
    if (!/^\s/.test(raw)) {
      try {
        rules.push({ pattern: line, matches: patternRegExp(line), headers: [] });
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
      continue;
    }
    const header = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(line);
    const rule = rules.at(-1);
    if (!header) throw new Error(`${where}: "${line}" is not a "Name: value" header line.`);
    if (!rule) throw new Error(`${where}: a header before any path pattern.`);
    rule.headers.push([header[1], header[2]]);
  }
  return rules;
}

/**
 * The headers a path gets: those of every rule whose pattern matches it, a header set by several rules joined with
 * `, ` (values in file order, the name as first written).
 * In: the rules (parseHeadersFile) and a URL path without its query (`/claim`, `/_astro/a.js`), as requested.
 * Out: `[name, value]` pairs in the order their names first appear.
 */
export function headersForPath(rules: readonly HeaderRule[], path: string): [string, string][] {
  const joined = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.matches.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const earlier = joined.get(key);
      joined.set(key, earlier ? [earlier[0], `${earlier[1]}, ${value}`] : [name, value]);
    }
  }
  return [...joined.values()];
}
