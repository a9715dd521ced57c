/**
 * Comments state rules and their sources, never issue numbers (DESIGN.md §11 "README is a door"): the repository
 * holds no issues, so "(issue 14 finding 3)" tells the next maintainer nothing. A comment says the rule in a line
 * and where it comes from when it comes from somewhere (spec §N, DESIGN.md §N, WCAG 2.2 SC x.y.z, an RFC, a browser
 * behaviour).
 *
 * Every text file of src/ and scripts/ (code, styles, Markdown, package lists; files holding a NUL byte are binary
 * and skipped) is read line by line; a line citing an issue or a finding by number fails the test with
 * `file:line: text` lines, e.g. `src/site/limits.ts:16: // Default time limit of one portal call, in ms (issue 2).`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folders whose files are scanned, relative to the repository root. */
const FOLDERS = ['src', 'scripts'];

/** Citations of work items by number: `issue 14`, `Issues 12 and 14`, `finding 3`, `Finding 7`. */
const CITATIONS: readonly RegExp[] = [/\bissues? \d+/i, /\bfinding \d+/i];

/** Every file under a folder of the repository (node_modules left out), as absolute paths. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The lines of one file that cite an issue or a finding by number.
 * In: an absolute path. Out: `path:line: text` per citing line (path relative to the root, line from 1); none for a
 * binary file (one holding a NUL byte).
 */
function citationsIn(file: string): string[] {
  const bytes = readFileSync(file);
  if (bytes.includes(0)) return [];
  const path = relative(ROOT, file).split('\\').join('/');
  return bytes
    .toString('utf8')
    .split(/\r?\n/)
    .flatMap((text, index) => (CITATIONS.some((pattern) => pattern.test(text)) ? [`${path}:${index + 1}: ${text.trim()}`] : []));
}

describe('comments state rules, not issue numbers (DESIGN.md §11)', () => {
  it.each(FOLDERS)('no file of %s/ cites an issue or a finding by number', (folder) => {
    const files = filesUnder(folder);
    expect(files.length).toBeGreaterThan(0);
    const citations = files.flatMap(citationsIn);
    expect(citations, `replace each citation with the rule it stands for and its source:\n${citations.join('\n')}`).toEqual([]);
  });

  it.each([
    ['(issue 14 finding 3)', true],
    ['see Issues 12 and 14', true],
    ['Finding 7: a category grows', true],
    ['tissue 3', false],
    ['the issues of a list', false],
    ['spec §4, WCAG 2.2 SC 2.5.3', false],
  ])('the patterns: %j cites a work item: %s', (text, cites) => {
    expect(CITATIONS.some((pattern) => pattern.test(text))).toBe(cites);
  });
});
