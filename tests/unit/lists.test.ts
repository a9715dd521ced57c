/**
 * The list registry (src/site/lists.ts, with the sections of src/site/sections.ts) is the one declaration of every
 * portal list: its endpoint path, its display order and its menu link are written there and nowhere else in src/ or
 * scripts/, and what derives from it (the endpoint catalogue, the collections, the orders, the references, the menu)
 * holds every list. A second declaration of a list's endpoint, order or menu link fails here, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { LIST_ORDERS, PORTAL_LISTS } from '../../src/portal/lists';
import { REFERENCES } from '../../src/portal/validation';
import { LISTS, PORTAL_LIST_ENTRIES, PORTAL_LIST_NAMES } from '../../src/site/lists';
import { MAIN_MENU } from '../../src/site/navigation';

const ROOT = join(import.meta.dirname, '../..');
/** The files that declare lists: the list registry and the section registry. */
const REGISTRY = new Set(['src/site/lists.ts', 'src/site/sections.ts']);
const ORDER_NAMES = ['sortThenId', 'pinnedThenNewest', 'newestThenHigherId', 'secondCategorySortThenId', 'naturalId'];

/** The source files under a folder of the repository (relative paths), registry files left out. */
function sources(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mjs|js|astro|tsx)$/.test(entry.name)) found.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, folder));
  return found.filter((file) => !REGISTRY.has(file));
}

const files = [...sources('src'), ...sources('scripts')].map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

describe('one declaration per portal list', () => {
  test.each(PORTAL_LIST_NAMES)('the endpoint path of %s is written only in the registry', (name) => {
    const path = PORTAL_LIST_ENTRIES[name].endpoint;
    expect(files.filter(({ text }) => text.includes(`'${path}'`) || text.includes(`"${path}"`)).map(({ file }) => file)).toEqual([]);
  });

  test('no list order is declared outside the registry', () => {
    const declaration = new RegExp(`:\\s*['"](${ORDER_NAMES.join('|')})['"]`);
    expect(files.filter(({ text }) => declaration.test(text)).map(({ file }) => file)).toEqual([]);
  });

  test.each(Object.entries(LISTS).filter(([, entry]) => 'page' in entry))(
    "%s's page path is linked and redirected only through the registry",
    (_, entry) => {
      const path = (entry as { page: { path: string } }).page.path;
      // The menus and link tables (src/site/) and the redirect plan (src/lib/redirects.ts).
      const site = files.filter(
        ({ file }) => (file.startsWith('src/site/') && !file.startsWith('src/site/search-terms')) || file === 'src/lib/redirects.ts',
      );
      expect(site.filter(({ text }) => text.includes(`'${path}'`)).map(({ file }) => file)).toEqual([]);
    },
  );
});

describe('what derives from the registry', () => {
  test('every list has its endpoint, collection, order and references', () => {
    for (const name of PORTAL_LIST_NAMES) {
      const entry = PORTAL_LIST_ENTRIES[name];
      expect(ENDPOINTS[name]).toMatchObject({ path: entry.endpoint, method: entry.method ?? 'GET' });
      expect(PORTAL_LISTS[name]).toBeDefined();
      expect(LIST_ORDERS[name]).toBe(entry.order);
      if (entry.references) expect(REFERENCES).toContainEqual({ list: name, ...entry.references });
      if (entry.references) expect(PORTAL_LIST_NAMES).toContain(entry.references.target);
    }
  });

  test.each(Object.entries(LISTS).filter(([, entry]) => 'page' in entry && entry.page.menu))('%s is linked once in its menu group', (_, entry) => {
    const { path, label, menu } = (entry as { page: { path: string; label: string; menu: string } }).page;
    const group = MAIN_MENU.flatMap((item) => item.groups).find((candidate) => candidate.title === menu);
    expect(group, `menu group ${menu}`).toBeDefined();
    expect(group!.links.filter((link) => link.href === path)).toEqual([{ label, href: path }]);
  });
});
