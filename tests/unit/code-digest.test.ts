/**
 * The digest that keys the search index's and the page read's caches (src/integrations/code-digest.ts): a change of
 * any module the listed ones import, however deep, makes a kept cache miss, so an edited table (the search glossary)
 * never leaves the old index in place.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeDigest } from '../../src/integrations/code-digest';
import { tempDir } from '../build/run-build';

/** A small tree of modules: root.ts → ./lib/words (no extension) → ../tables.ts, and a package import. */
function modules(tables: string) {
  const dir = tempDir('code-digest');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'root.ts'), "import { words } from './lib/words';\nimport * as pagefind from 'pagefind';\nexport const all = words;\n");
  writeFileSync(join(dir, 'lib', 'words.ts'), "export { TABLE as words } from '../tables.ts';\nimport type { X } from './types';\n");
  writeFileSync(join(dir, 'lib', 'types.ts'), 'export type X = string;\n');
  writeFileSync(join(dir, 'tables.ts'), tables);
  return pathToFileURL(join(dir, 'root.ts'));
}

describe('codeDigest', () => {
  it('changes when a module the listed one imports through another changes, and only then', () => {
    const before = codeDigest(['./root.ts'], modules("export const TABLE = { 家财险: ['住宅火災保險'] };\n"));
    expect(codeDigest(['./root.ts'], modules("export const TABLE = { 家财险: ['住宅火災保險'] };\n"))).toBe(before);
    expect(codeDigest(['./root.ts'], modules("export const TABLE = { 家财险: ['住宅火災保險', '住火險'] };\n"))).not.toBe(before);
  });

  it('names the module and the import that resolves to no file', () => {
    const root = modules('export const TABLE = {};\n');
    writeFileSync(new URL('./lib/words.ts', root), "export { TABLE as words } from '../gone';\n");
    expect(() => codeDigest(['./root.ts'], root)).toThrow(/lib\/words\.ts imports "\.\.\/gone", which is no file/);
  });

  it('reads each module once, through an import cycle', () => {
    const root = modules("import { all } from './root';\nexport const TABLE = all;\n");
    expect(codeDigest(['./root.ts'], root)).toMatch(/^[0-9a-f]{40}$/);
  });
});
