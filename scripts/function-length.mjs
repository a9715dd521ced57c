#!/usr/bin/env node
/**
 * Function length check: no function of the site's code is longer than FUNCTION_MAX_LINES lines, so that each
 * room can be read on its own (the house plan's "smaller rooms along their seams"; a longer function is split into
 * named parts, e.g. hooks and a view for an island, plan/budget/jobs/manifests for the reader's site step).
 *
 * Usage: `node scripts/function-length.mjs [FOLDER…]` (default: src). Every `.ts`, `.tsx`, `.mts`, `.mjs` and
 * `.js` file under each folder (node_modules left out) is parsed with the TypeScript compiler, and so are the
 * frontmatter and the `<script>` elements of `.astro` files. Measured: function declarations and expressions,
 * arrow functions, methods, constructors and accessors, each from its first line (its JSDoc left out) to its last,
 * both counted. A function inside another counts in its parent's length too, and is measured on its own.
 * Out: one line per function longer than the limit, `file:line name (N lines)`, longest first; exit code 1 when
 * there is any, 0 otherwise.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The longest a function may be, in lines (its first and last lines included). */
export const FUNCTION_MAX_LINES = 100;

/** Extensions of the files read as code, and the script kind TypeScript parses each as. */
const SCRIPT_KINDS = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.mjs': ts.ScriptKind.JS,
  '.js': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
};

/** An `.astro` file's frontmatter: between the `---` fences at its very start. */
const ASTRO_FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;
/** An `.astro` file's `<script>` elements that hold code (not JSON, not an external `src`). */
const ASTRO_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * @typedef {object} LongFunction
 * @property {string} file path of the file relative to `cwd`, with `/` separators
 * @property {number} line 1-based line where the function starts
 * @property {string} name the function's name, or where it sits (`outer/(arrow)`) for an anonymous one
 * @property {number} lines its length in lines
 */

/**
 * The name of a function node: its own, that of the variable, property or class member it is assigned to,
 * `default` for a default export, else `(arrow)` / `(function)`.
 * @param {ts.Node} node a function-like node
 * @param {ts.SourceFile} source its file
 * @returns {string}
 */
function ownName(node, source) {
  const named = /** @type {{ name?: ts.Node }} */ (node).name;
  if (named) return named.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))) {
    return parent.name.getText(source);
  }
  if (parent && ts.isExportAssignment(parent)) return 'default';
  return ts.isArrowFunction(node) ? '(arrow)' : '(function)';
}

/**
 * Every function of a piece of code longer than `maxLines`.
 * @param {string} code TypeScript or JavaScript source
 * @param {{ file: string; kind: ts.ScriptKind; lineOffset?: number; maxLines?: number }} options `lineOffset`: lines
 *   before the code in its file (an `.astro` file's frontmatter or script)
 * @returns {LongFunction[]}
 */
export function longFunctionsInCode(code, { file, kind, lineOffset = 0, maxLines = FUNCTION_MAX_LINES }) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  /** @type {LongFunction[]} */
  const found = [];
  /** @param {ts.Node} node @param {string[]} outer names of the functions around it */
  const visit = (node, outer) => {
    let inner = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = ownName(node, source);
      const owner = ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.getText(source)}.` : '';
      const label = name.startsWith('(') && outer.length > 0 ? `${outer.join('/')}/${name}` : `${owner}${name}`;
      const lines = last - first + 1;
      if (lines > maxLines) found.push({ file, line: first + 1 + lineOffset, name: label, lines });
      inner = [...outer, label];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

/**
 * The pieces of code of an `.astro` file: its frontmatter and its code `<script>` elements, each with the lines
 * that come before it in the file.
 * @param {string} text the file's text
 * @returns {{ code: string; lineOffset: number }[]}
 */
export function astroCode(text) {
  const linesBefore = (index) => text.slice(0, index).split('\n').length - 1;
  const pieces = [];
  const frontmatter = ASTRO_FRONTMATTER.exec(text);
  if (frontmatter) pieces.push({ code: frontmatter[1], lineOffset: linesBefore(frontmatter.index + frontmatter[0].indexOf(frontmatter[1])) });
  for (const match of text.matchAll(ASTRO_SCRIPT)) {
    const [whole, attributes, code] = match;
    if (/\bsrc=/.test(attributes) || /\btype=(?!["']?module\b)/.test(attributes)) continue;
    pieces.push({ code, lineOffset: linesBefore(match.index + whole.indexOf('>') + 1) });
  }
  return pieces;
}

/**
 * Every function longer than `maxLines` lines in the code files under `folders`.
 * @param {readonly string[]} folders folders to read (absolute, or relative to `cwd`)
 * @param {{ cwd?: string; maxLines?: number }} [options] `cwd`: the folder paths are reported against (default
 *   the process's); `maxLines` (default FUNCTION_MAX_LINES)
 * @returns {Promise<LongFunction[]>} longest first, then by file and line
 */
export async function longFunctions(folders, { cwd = process.cwd(), maxLines = FUNCTION_MAX_LINES } = {}) {
  /** @type {LongFunction[]} */
  const found = [];
  for (const folder of folders) {
    const entries = await readdir(resolve(cwd, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || entry.parentPath.split(/[\\/]/).includes('node_modules')) continue;
      const path = join(entry.parentPath, entry.name);
      const file = relative(cwd, path).split('\\').join('/');
      const extension = extname(entry.name);
      if (extension === '.astro') {
        const text = await readFile(path, 'utf8');
        for (const { code, lineOffset } of astroCode(text)) {
          found.push(...longFunctionsInCode(code, { file, kind: ts.ScriptKind.TS, lineOffset, maxLines }));
        }
      } else if (extension in SCRIPT_KINDS && !entry.name.endsWith('.d.ts')) {
        found.push(...longFunctionsInCode(await readFile(path, 'utf8'), { file, kind: SCRIPT_KINDS[extension], maxLines }));
      }
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  const found = await longFunctions(folders.length > 0 ? folders : ['src']);
  for (const { file, line, name, lines } of found) console.log(`${file}:${line} ${name} (${lines} lines)`);
  if (found.length > 0) {
    console.log(`${found.length} function(s) longer than ${FUNCTION_MAX_LINES} lines: split them into named parts.`);
    process.exitCode = 1;
  } else {
    console.log(`No function longer than ${FUNCTION_MAX_LINES} lines.`);
  }
}
