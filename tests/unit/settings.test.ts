/**
 * The one settings module (REFERENCE.md "Layers": settings parsed once with zod): every environment variable is read through
 * src/settings.ts, the Configuration table of .github/OPERATIONS.md is the module's own, and a bad value names its
 * variable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configurationTable, readSettings, SETTINGS } from '../../src/settings';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Variables handed between the test runner and its workers (src/settings.ts says why they are not settings). */
const TEST_HANDOFFS = ['E2E_PORT', 'E2E_STORE_FILE', 'E2E_CAPTCHA_TEXT'];

/** `import.meta.env` flags Astro and Vite set. */
const ASTRO_FLAGS = ['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL'];
/** Variables of the system and of npm, which the scripts pass on or read as every program does. */
const SYSTEM = ['PATH', 'HOME', 'CI', 'TZ', 'NODE_ENV', 'INIT_CWD', 'VERBOSE', 'GITHUB_STEP_SUMMARY'];

/**
 * `NAME` of every `process.env.NAME`, `env.NAME` and `env['NAME']` in a folder's source files (with `readsOnly`, not
 * those that set it: a script hands a child process its environment), with a file that names it.
 */
function environmentNames(folder: string, { readsOnly = false } = {}): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:ts|tsx|mjs|astro)$/.test(entry.name) || entry.parentPath.includes('node_modules')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const pattern = readsOnly ? /\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)(?!['"]?\]?\s*(?:\?\?)?=[^=])/g : /\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g;
    for (const [, name] of text.matchAll(pattern)) names.set(name, file.slice(ROOT.length));
  }
  return names;
}

describe('settings (REFERENCE.md "Layers": one settings module)', () => {
  it('the Configuration table of .github/OPERATIONS.md is the one src/settings.ts writes, whole', () => {
    const operations = readFileSync(join(ROOT, '.github/OPERATIONS.md'), 'utf8');
    // A blank line after the table: no row of a variable src/settings.ts no longer declares is left below it.
    expect(operations).toContain(`## Configuration\n\n${configurationTable()}\n\n`);
  });

  // tests/ is not scanned: its whole-build tests hand their child builds variables of their own.
  it('every environment variable the build and the scripts read is declared in src/settings.ts', () => {
    const undeclared = [...environmentNames('src'), ...environmentNames('scripts')]
      .filter(([name]) => !(name in SETTINGS) && !TEST_HANDOFFS.includes(name) && !ASTRO_FLAGS.includes(name) && !SYSTEM.includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(undeclared).toEqual([]);
  });

  it('src/ and scripts/ read the environment only through src/settings.ts', () => {
    const readers = [...environmentNames('src'), ...environmentNames('scripts', { readsOnly: true })]
      .filter(([, file]) => !file.endsWith('src/settings.ts'))
      .filter(([name]) => !ASTRO_FLAGS.includes(name) && !SYSTEM.includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(readers).toEqual([]);
  });

  it('applies the defaults of an empty environment, with numbers as numbers', () => {
    const settings = readSettings({});
    expect(settings.PORTAL_TIMEOUT_MS).toBe(15000);
    expect(settings.PUBLIC_IMAGE_BASE).toBe('/upload/');
    expect(settings.PUBLIC_PORTAL_API_BASE).toBe('');
    expect(settings.SITE_ENV).toBe('production');
    expect(settings.READER_ENGINE).toBe('espeak-ng-wasm');
    expect(settings.SAMPLE_PORTAL_STRICT).toBe(false);
    expect(settings.PORTAL_API_BASE).toBeUndefined();
  });

  it('reads blank as unset and trims values', () => {
    const settings = readSettings({ PORTAL_TIMEOUT_MS: ' 2500 ', PUBLIC_IMAGE_BASE: '   ', SAMPLE_PORTAL_STRICT: 'TRUE' });
    expect(settings.PORTAL_TIMEOUT_MS).toBe(2500);
    expect(settings.PUBLIC_IMAGE_BASE).toBe('/upload/');
    expect(settings.SAMPLE_PORTAL_STRICT).toBe(true);
  });

  it('names every bad variable, what it must be and what it was', () => {
    const read = () => readSettings({ PORTAL_TIMEOUT_MS: 'soon', READER_RATE_WPM: '900', PORTAL_API_BASE: 'portal.local', READER_ENGINE: 'siri' });
    expect(read).toThrow(/PORTAL_TIMEOUT_MS must be a number, got "soon"/);
    expect(read).toThrow(/READER_RATE_WPM must be from 80 to 450, got "900"/);
    expect(read).toThrow(/PORTAL_API_BASE must be an absolute http\(s\) URL, got "portal.local"/);
    expect(read).toThrow(/READER_ENGINE .*espeak-ng.*got "siri"/);
  });
});
