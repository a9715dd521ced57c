/**
 * The function and module length check (scripts/function-length.mjs): no function of src/ or scripts/ is longer
 * than FUNCTION_MAX_LINES lines and no module longer than MODULE_MAX_LINES; the check sees a function one line over
 * the limit, whatever its kind and wherever it sits (a `.ts` module, an arrow in a `.tsx` island, a class method in
 * `.mjs`, an `.astro` file's frontmatter and script), and a module of any kind one line over its limit.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_MAX_LINES, longFunctions, longModules, MODULE_MAX_LINES } from '../../scripts/function-length.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folders the checks read: the site's code and the scripts around it. */
const CHECKED = ['src', 'scripts'];

/** `count` statements, one a line, to fill a function body. */
const body = (count: number) => Array.from({ length: count }, (_, index) => `  void ${index};`).join('\n');

/** A function declaration of `lines` lines (its first and last line included), with a JSDoc that does not count. */
const declaration = (name: string, lines: number) => `/**\n * Docs.\n */\nexport function ${name}() {\n${body(lines - 2)}\n}\n`;

describe('function length (scripts/function-length.mjs)', () => {
  it(`no function of src/ or scripts/ is longer than ${FUNCTION_MAX_LINES} lines`, { timeout: 60_000 }, async () => {
    const found = await longFunctions(CHECKED, { cwd: ROOT });
    expect(found.map(({ file, line, name, lines }) => `${file}:${line} ${name} (${lines} lines)`)).toEqual([]);
  });

  it(`no module of src/ or scripts/ is longer than ${MODULE_MAX_LINES} lines`, { timeout: 60_000 }, async () => {
    const found = await longModules(CHECKED, { cwd: ROOT });
    expect(found.map(({ file, lines }) => `${file} (${lines} lines)`)).toEqual([]);
  });

  describe('a fixture folder', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'function-length-'));
      await mkdir(path.join(root, 'src', 'islands'), { recursive: true });
      await writeFile(path.join(root, 'src', 'long.ts'), `const x = 1;\n${declaration('tooLong', FUNCTION_MAX_LINES + 1)}`);
      await writeFile(path.join(root, 'src', 'fits.ts'), declaration('fits', FUNCTION_MAX_LINES));
      await writeFile(
        path.join(root, 'src', 'islands', 'Island.tsx'),
        `export default function Island() {\n  const onClick = () => {\n${body(FUNCTION_MAX_LINES - 1)}\n  };\n  return <button onClick={onClick} />;\n}\n`,
      );
      await writeFile(path.join(root, 'src', 'tool.mjs'), `export class Tool {\n  run() {\n${body(FUNCTION_MAX_LINES)}\n  }\n}\n`);
      await writeFile(
        path.join(root, 'src', 'Page.astro'),
        `---\nconst title = 'x';\n${declaration('frontmatterLong', FUNCTION_MAX_LINES + 1)}---\n<h1>{title}</h1>\n` +
          `<script>\n  const init = () => {\n${body(FUNCTION_MAX_LINES - 1)}\n  };\n  init();\n</script>\n` +
          `<script type="application/ld+json">{"a": 1}</script>\n`,
      );
      await mkdir(path.join(root, 'src', 'node_modules'), { recursive: true });
      await writeFile(path.join(root, 'src', 'node_modules', 'dep.js'), declaration('ignored', FUNCTION_MAX_LINES + 10));
      await mkdir(path.join(root, 'modules', 'node_modules'), { recursive: true });
      const lines = (count: number) => `${Array.from({ length: count }, (_, index) => `// ${index}`).join('\n')}\n`;
      await writeFile(path.join(root, 'modules', 'long.ts'), lines(MODULE_MAX_LINES + 1));
      await writeFile(path.join(root, 'modules', 'fits.mjs'), lines(MODULE_MAX_LINES));
      await writeFile(path.join(root, 'modules', 'unended.js'), lines(MODULE_MAX_LINES).trimEnd());
      await writeFile(path.join(root, 'modules', 'Long.astro'), `---\n---\n${lines(MODULE_MAX_LINES)}`);
      await writeFile(path.join(root, 'modules', 'Long.tsx'), lines(MODULE_MAX_LINES + 5));
      await writeFile(path.join(root, 'modules', 'notes.md'), lines(MODULE_MAX_LINES + 5));
      await writeFile(path.join(root, 'modules', 'node_modules', 'dep.js'), lines(MODULE_MAX_LINES + 5));
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it(`flags each function of ${FUNCTION_MAX_LINES + 1} lines or more with its file, line, name and length, and no other`, async () => {
      const found = await longFunctions(['src'], { cwd: root });
      expect(found).toEqual(
        [
          { file: 'src/Page.astro', line: 6, name: 'frontmatterLong', lines: FUNCTION_MAX_LINES + 1 },
          { file: 'src/Page.astro', line: FUNCTION_MAX_LINES + 10, name: 'init', lines: FUNCTION_MAX_LINES + 1 },
          { file: 'src/islands/Island.tsx', line: 1, name: 'Island', lines: FUNCTION_MAX_LINES + 4 },
          { file: 'src/islands/Island.tsx', line: 2, name: 'onClick', lines: FUNCTION_MAX_LINES + 1 },
          { file: 'src/long.ts', line: 5, name: 'tooLong', lines: FUNCTION_MAX_LINES + 1 },
          { file: 'src/tool.mjs', line: 2, name: 'Tool.run', lines: FUNCTION_MAX_LINES + 2 },
        ].sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line),
      );
    });

    it(`flags each module of ${MODULE_MAX_LINES + 1} lines or more with its file and length, and no other`, async () => {
      const found = await longModules(['modules'], { cwd: root });
      expect(found).toEqual([
        { file: 'modules/Long.tsx', lines: MODULE_MAX_LINES + 5 },
        { file: 'modules/Long.astro', lines: MODULE_MAX_LINES + 2 },
        { file: 'modules/long.ts', lines: MODULE_MAX_LINES + 1 },
      ]);
    });

    it('takes a lower limit', async () => {
      const found = await longFunctions(['src'], { cwd: root, maxLines: FUNCTION_MAX_LINES - 1 });
      expect(found.map((entry) => entry.name)).toContain('fits');
      const modules = await longModules(['modules'], { cwd: root, maxLines: MODULE_MAX_LINES - 1 });
      expect(modules.map((entry) => entry.file)).toEqual(expect.arrayContaining(['modules/fits.mjs', 'modules/unended.js']));
    });
  });
});
