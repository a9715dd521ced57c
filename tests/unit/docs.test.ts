/**
 * The docs stay a door and a set of rooms (REFERENCE.md "Layers"): README.md is short and its two
 * commands are the ones package.json and .ci/run really run; every relative link of the guides reaches a file, and
 * every `#anchor` a heading of it (GitHub's heading ids), so a moved section cannot leave a dead pointer behind.
 * Every citation `REFERENCE.md "…"` in the repository names a heading of .github/REFERENCE.md word for word (and
 * `OPERATIONS.md "…"` or `CONTRIBUTING "…"` the start of a heading of that guide),
 * and nothing cites the product team's documents outside the repository by section number ("spec" or "DESIGN"
 * followed by a section sign and a number): a newcomer with only the repository must be able to follow every citation.
 * The Configuration table of .github/OPERATIONS.md is checked by tests/unit/settings.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The project's Markdown docs, relative to the root. */
const DOCS = [
  'README.md',
  '.github/CONTRIBUTING.md',
  '.github/OPERATIONS.md',
  '.github/REFERENCE.md',
  'src/integrations/reader/README.md',
  'scripts/sample-portal/README.md',
  'scripts/bench/README.md',
];

/** Longest README.md, in lines (the door: what it is, two commands, the map, where to read next). */
const README_MAX_LINES = 150;

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The text outside fenced code blocks (links and headings in code are examples, not links). */
const prose = (markdown: string): string => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/**
 * GitHub's id of a heading: lower case, punctuation other than `-` and `_` dropped, each space a `-`
 * (github-slugger's rule); a repeated heading gets `-1`, `-2`… .
 */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    let id = base;
    for (let n = 1; ids.has(id); n += 1) id = `${base}-${n}`;
    ids.add(id);
  }
  return ids;
}

/** `[text](target)` links of a doc that are neither absolute URLs nor mail links: `{ path, anchor }`. */
function relativeLinks(markdown: string): { target: string; path: string; anchor?: string }[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => {
      const [path, anchor] = target.split('#');
      return { target, path, anchor };
    });
}

describe('docs', () => {
  it(`README.md is a door: at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('README.md gives the two commands a fresh machine runs, and they are the ones package.json and .ci/run run', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/^npm install && npm start\s+#/m);
    expect(readme).toMatch(/^npm test\s+#/m);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(scripts.test).toBe('node scripts/test.mjs');
    const ci = read('.ci/run');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it.each(DOCS)('%s: every relative link reaches a file, and every #anchor a heading of it', (doc) => {
    const problems: string[] = [];
    for (const { target, path, anchor } of relativeLinks(read(doc))) {
      const file = path === '' ? join(ROOT, doc) : join(ROOT, dirname(doc), decodeURI(path));
      if (!existsSync(file)) {
        problems.push(`${target}: no file ${relative(ROOT, file)}`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !headingIds(readFileSync(file, 'utf8')).has(anchor)) {
        problems.push(`${target}: no heading "#${anchor}" in ${relative(ROOT, file)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every REFERENCE.md "…" citation names a heading of .github/REFERENCE.md, every CONTRIBUTING/OPERATIONS "…" one of its guide; none cites a document outside the repository', () => {
    const headingsOf = (doc: string): string[] => [...prose(read(doc)).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map(([, h]) => h);
    const guideHeadings = { CONTRIBUTING: headingsOf('.github/CONTRIBUTING.md'), OPERATIONS: headingsOf('.github/OPERATIONS.md') };
    const headings = new Set([...prose(read('.github/REFERENCE.md')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map(([, h]) => h));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file !== '' && file !== 'package-lock.json' && existsSync(join(ROOT, file)));
    const problems: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue;
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [, group] of line.matchAll(/REFERENCE\.md ((?:"[^"]+", )*"[^"]+")/g)) {
            for (const [, name] of group.matchAll(/"([^"]+)"/g)) {
              if (name !== '…' && !headings.has(name)) problems.push(`${file}:${index + 1}: no heading "${name}"`);
            }
          }
          for (const [, doc, name] of line.matchAll(/\b(CONTRIBUTING|OPERATIONS)(?:\.md)?,? "([^"]+)"/g)) {
            if (name !== '…' && !guideHeadings[doc as 'CONTRIBUTING' | 'OPERATIONS'].some((heading) => heading.startsWith(name))) {
              problems.push(`${file}:${index + 1}: no heading "${name}" in ${doc}.md`);
            }
          }
          if (/\b(?:spec|DESIGN)(?:\.md)? ?§/i.test(line)) problems.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(problems).toEqual([]);
  });
});
