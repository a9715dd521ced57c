#!/usr/bin/env node
/**
 * Function and module length check: no function of the site's code or scripts is longer than FUNCTION_MAX_LINES
 * lines and no module longer than MODULE_MAX_LINES, so that each room can be read on its own (the house plan's
 * "smaller rooms along their seams", .github/CONTRIBUTING.md "Conventions"; a longer function is split into named
 * parts, e.g. hooks and a view for an island, plan/budget/jobs/manifests for the reader's site step; a longer module
 * into modules or sub-components a reader would name).
 *
 * Usage: `node scripts/function-length.mjs [FOLDER…]` (default: src scripts). Every `.ts`, `.tsx`, `.mts`, `.mjs`,
 * `.js`, `.jsx` and `.astro` file under each folder (node_modules left out) is measured whole, in lines. The code
 * files (`.d.ts` left out) are parsed with the TypeScript compiler, and so are the frontmatter and the `<script>`
 * elements of `.astro` files. Measured: function declarations and expressions, arrow functions, methods,
 * constructors and accessors, each from its first line (its JSDoc left out) to its last, both counted. A function
 * inside another counts in its parent's length too, and is measured on its own.
 * Out: one line per module longer than its limit, `file (N lines)`, then one per function, `file:line name
 * (N lines)`, longest first; exit code 1 when there is any, 0 otherwise.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The longest a function may be, in lines (its first and last lines included). */
export const FUNCTION_MAX_LINES = 100;

/** The longest a module may be, in lines (a final newline does not start one more line). */
export const MODULE_MAX_LINES = 400;

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
 * @typedef {object} LongModule
 * @property {string} file path of the file relative to `cwd`, with `/` separators
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
 * The files measured under `folders`: code (SCRIPT_KINDS) and `.astro` files, node_modules left out.
 * @param {readonly string[]} folders folders to read (absolute, or relative to `cwd`)
 * @param {string} cwd the folder paths are reported against
 * @returns {AsyncGenerator<{ file: string; name: string; extension: string; text: string }>} `file` relative to
 *   `cwd` with `/` separators, `name` the file's own name
 */
async function* measuredFiles(folders, cwd) {
  for (const folder of folders) {
    const entries = await readdir(resolve(cwd, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || entry.parentPath.split(/[\\/]/).includes('node_modules')) continue;
      const extension = extname(entry.name);
      if (extension !== '.astro' && !(extension in SCRIPT_KINDS)) continue;
      const path = join(entry.parentPath, entry.name);
      const file = relative(cwd, path).split('\\').join('/');
      yield { file, name: entry.name, extension, text: await readFile(path, 'utf8') };
    }
  }
}

/**
 * The number of lines of a text: its line breaks, plus one for a last line without one (an empty text has none).
 * @param {string} text
 * @returns {number}
 */
export function lineCount(text) {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
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
  for await (const { file, name, extension, text } of measuredFiles(folders, cwd)) {
    if (extension === '.astro') {
      for (const { code, lineOffset } of astroCode(text)) {
        found.push(...longFunctionsInCode(code, { file, kind: ts.ScriptKind.TS, lineOffset, maxLines }));
      }
    } else if (!name.endsWith('.d.ts')) {
      found.push(...longFunctionsInCode(text, { file, kind: SCRIPT_KINDS[extension], maxLines }));
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * Every module (code or `.astro` file) longer than `maxLines` lines under `folders`.
 * @param {readonly string[]} folders folders to read (absolute, or relative to `cwd`)
 * @param {{ cwd?: string; maxLines?: number }} [options] `cwd`: the folder paths are reported against (default
 *   the process's); `maxLines` (default MODULE_MAX_LINES)
 * @returns {Promise<LongModule[]>} longest first, then by file
 */
export async function longModules(folders, { cwd = process.cwd(), maxLines = MODULE_MAX_LINES } = {}) {
  /** @type {LongModule[]} */
  const found = [];
  for await (const { file, text } of measuredFiles(folders, cwd)) {
    const lines = lineCount(text);
    if (lines > maxLines) found.push({ file, lines });
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2);
  const folders = given.length > 0 ? given : ['src', 'scripts'];
  const modules = await longModules(folders);
  for (const { file, lines } of modules) console.log(`${file} (${lines} lines)`);
  const functions = await longFunctions(folders);
  for (const { file, line, name, lines } of functions) console.log(`${file}:${line} ${name} (${lines} lines)`);
  if (modules.length > 0) {
    console.log(`${modules.length} module(s) longer than ${MODULE_MAX_LINES} lines: split them along their seams.`);
  }
  if (functions.length > 0) {
    console.log(`${functions.length} function(s) longer than ${FUNCTION_MAX_LINES} lines: split them into named parts.`);
  }
  if (modules.length + functions.length > 0) process.exitCode = 1;
  else console.log(`No module longer than ${MODULE_MAX_LINES} lines, no function longer than ${FUNCTION_MAX_LINES}.`);
}
