/**
 * Comments state rules and their sources, never issue numbers (REFERENCE.md "Layers"): the repository
 * holds no issues, so a parenthesis naming a work item by number tells the next maintainer nothing. A comment, a
 * test title or a doc says the rule in a line and where it comes from when it comes from somewhere (a section of
 * the repository's own docs such as REFERENCE.md "Portal API", WCAG 2.2 SC x.y.z, an RFC, a browser behaviour).
 *
 * Every text file of the repository is scanned: the files git tracks plus new files it does not ignore
 * (`git ls-files --cached --others --exclude-standard`), so code, tests, styles, workflows, configuration and the
 * Markdown docs alike; no doc needs to cite a work item by number. Left out: package-lock.json (generated; its
 * integrity hashes are not prose), binary files (one holding a NUL byte), files listed but deleted from the work
 * tree, and this file, whose pattern examples must spell citations out. Each file is read line by line; a line
 * citing an issue or a finding by number fails the test with `file:line: text` lines, e.g.
 * `src/site/limits.ts:16: // Default time limit of one portal call, in ms (issue 2).`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Files never scanned, relative to the repository root (see the module docstring for the reasons). */
const SKIPPED: ReadonlySet<string> = new Set(['package-lock.json', 'tests/unit/comments.test.ts']);

/** Citations of work items by number: `issue 14`, `Issues 12 and 14`, `issue #9`, `finding 3`, `Findings 7`. */
const CITATIONS: readonly RegExp[] = [/\bissues? #?\d+/i, /\bfindings? #?\d+/i];

/** The repository's text candidates: tracked files plus untracked, not ignored ones, relative to the root. */
function repositoryFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  const files = listing.split('\0').filter((path) => path !== '' && !SKIPPED.has(path));
  return [...new Set(files)].filter((path) => existsSync(join(ROOT, path)));
}

/**
 * The lines of one file that cite an issue or a finding by number.
 * In: a path relative to the root. Out: `path:line: text` per citing line (line from 1); none for a binary file
 * (one holding a NUL byte).
 */
function citationsIn(path: string): string[] {
  const bytes = readFileSync(join(ROOT, path));
  if (bytes.includes(0)) return [];
  return bytes
    .toString('utf8')
    .split(/\r?\n/)
    .flatMap((text, index) => (CITATIONS.some((pattern) => pattern.test(text)) ? [`${path}:${index + 1}: ${text.trim()}`] : []));
}

describe('comments state rules, not issue numbers (REFERENCE.md "Layers")', () => {
  it('no text file of the repository cites an issue or a finding by number', () => {
    const files = repositoryFiles();
    expect(files).toEqual(expect.arrayContaining(['astro.config.mjs', 'src/site/limits.ts', '.github/CONTRIBUTING.md']));
    const citations = files.flatMap(citationsIn);
    expect(citations, `replace each citation with the rule it stands for and its source:\n${citations.join('\n')}`).toEqual([]);
  });

  it.each([
    ['(issue 14 finding 3)', true],
    ['see Issues 12 and 14', true],
    ['Finding 7: a category grows', true],
    ['fixed in issue #9', true],
    ['findings 2 and 3', true],
    ['tissue 3', false],
    ['the issues of a list', false],
    ['REFERENCE.md "Widget states", WCAG 2.2 SC 2.5.3', false],
  ])('the patterns: %j cites a work item: %s', (text, cites) => {
    expect(CITATIONS.some((pattern) => pattern.test(text))).toBe(cites);
  });
});
