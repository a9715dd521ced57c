/**
 * Folders depend one way (REFERENCE.md "Layers": "House plan"). Every relative import of the project's
 * source (`.ts`, `.tsx`, `.mjs`, `.astro` frontmatter and scripts) is read and resolved to a file; the folder of the
 * importer must be allowed to import the folder of the target by LAYERS below. The drawing in README.md
 * ("The house") is this table.
 *
 * An import that breaks the table fails with `importer → target` lines, e.g.
 * `src/portal/schemas.ts → src/lib/order.ts (portal may import: site, settings)`.
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What each folder of src/ may import besides itself, ground first. `site` is src/site/ (constants and copy),
 * `settings` the environment settings; `portal` the data boundary (client, endpoints, schemas, validation, loader);
 * `lib` pure helpers; `sections` the content queries; `browser` helpers that run only in the browser.
 */
const LAYERS: Record<string, readonly string[]> = {
  site: [],
  settings: ['site'],
  portal: ['site', 'settings'],
  lib: ['site', 'settings', 'portal'],
  browser: ['site', 'settings', 'lib'],
  stores: ['site', 'settings', 'portal', 'lib', 'browser'],
  islands: ['site', 'settings', 'portal', 'lib', 'browser', 'stores', 'styles'],
  sections: ['site', 'settings', 'portal', 'lib'],
  components: ['site', 'settings', 'portal', 'lib', 'browser', 'stores', 'islands', 'sections', 'styles'],
  layouts: ['site', 'settings', 'portal', 'lib', 'browser', 'stores', 'islands', 'sections', 'styles', 'components'],
  pages: ['site', 'settings', 'portal', 'lib', 'browser', 'stores', 'islands', 'sections', 'styles', 'components', 'layouts'],
  // browser: the font-size boot step writes a browser helper into every page's head (font-size-boot.ts).
  integrations: ['site', 'settings', 'portal', 'lib', 'browser'],
  'content.config': ['site', 'settings', 'portal', 'lib'],
  // The type declaration of the virtual module of the build's images (src/integrations/images.ts): its entry type.
  'image-manifest': ['site'],
  'astro.config': ['site', 'settings', 'lib', 'integrations'],
  styles: [],
};

/** Source files read for imports. */
const SOURCE = /\.(?:ts|tsx|mjs|astro)$/;
/** Relative module specifiers: `from './x'`, `import './x'`, `import('./x')`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
/** Extensions tried when a specifier names none. */
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts'];

/** Every source file under a folder of the repository, as absolute paths. */
function sourceFiles(folder: string): string[] {
  const root = join(ROOT, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The file a relative specifier names, or undefined (e.g. a `?raw` asset query or a missing file). */
function resolveImport(importer: string, specifier: string): string | undefined {
  const base = resolve(dirname(importer), specifier.replace(/\?.*$/, ''));
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for `./x.ts`
  const typescript = base.replace(/\.js$/, '.ts');
  return existsSync(typescript) ? typescript : undefined;
}

/**
 * The folder (layer) of a file: `scripts` and `tests` for those trees, the first folder under src/ otherwise,
 * `site`/`settings`/`content.config` for those modules, `astro.config` for the Astro config.
 */
export function layerOf(file: string): string {
  const path = relative(ROOT, file).split('\\').join('/');
  if (path.startsWith('scripts/')) return 'scripts';
  if (path.startsWith('tests/')) return 'tests';
  if (path.startsWith('astro.config.')) return 'astro.config';
  const inSrc = path.replace(/^src\//, '');
  const [first] = inSrc.split('/');
  return first.replace(/\.(?:ts|tsx|mjs|astro|d\.ts)$/, '').replace(/\.d$/, '');
}

/** The imports of the tree that break LAYERS or the scripts/tests rule, as readable lines. */
function backImports(): string[] {
  const files = [...sourceFiles('src'), ...sourceFiles('scripts'), join(ROOT, 'astro.config.mjs')];
  const problems: string[] = [];
  for (const importer of files) {
    const from = layerOf(importer);
    const text = readFileSync(importer, 'utf8');
    for (const [, , specifier] of text.matchAll(IMPORT)) {
      const target = resolveImport(importer, specifier);
      if (!target) continue;
      const to = layerOf(target);
      if (to === from) continue;
      const where = `${relative(ROOT, importer)} → ${relative(ROOT, target)}`;
      if (from === 'scripts') {
        if (to === 'tests') problems.push(`${where} (scripts never import tests: shared utilities live in scripts/lib)`);
        continue;
      }
      const allowed = LAYERS[from];
      if (!allowed) problems.push(`${where} (folder "${from}" is not in the house plan's LAYERS)`);
      else if (!allowed.includes(to)) problems.push(`${where} (${from} may import: ${allowed.join(', ') || 'nothing of ours'})`);
    }
  }
  return problems;
}

describe('house plan: folders depend one way (REFERENCE.md "Layers")', () => {
  it('every import of src/, scripts/ and astro.config follows the layers (no back-import)', () => {
    expect(backImports()).toEqual([]);
  });

  it('reads the folder of a file as its layer', () => {
    expect(layerOf(join(ROOT, 'src/portal/schemas.ts'))).toBe('portal');
    expect(layerOf(join(ROOT, 'src/site.ts'))).toBe('site');
    expect(layerOf(join(ROOT, 'src/content.config.ts'))).toBe('content.config');
    expect(layerOf(join(ROOT, 'scripts/sample-portal/server.mjs'))).toBe('scripts');
  });
});
