/**
 * The one settings module (REFERENCE.md "Layers": settings parsed once with zod): every environment variable is read through
 * src/settings.ts, the Configuration table of .github/OPERATIONS.md is the module's own, and a bad value names its
 * variable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configurationTable } from '../../scripts/configuration-table.mjs';
import { readSettings, SETTINGS } from '../../src/settings';

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

/**
 * The entry points that parse the environment (src/settings.ts readSettings), each once per run, and why; every other
 * module takes the settings as values from its caller (.github/CONTRIBUTING.md, "Adding a setting").
 */
const ENTRY_POINTS: Record<string, string> = {
  'src/settings.ts': 'defines readSettings, and processSettings: the one read of a process for the modules below',
  'astro.config.mjs': "the build's configuration: reads once per Astro run and hands the integrations their values",
  'src/content.config.ts': "the content layer's own entry (a module graph apart from astro.config.mjs): reads once for the portal loaders",
  'scripts/astro.mjs': 'main of `npm run build`, `npm run dev` and `npm run check`',
  'scripts/start.mjs': 'main of `npm start` and `npm run preview`',
  'scripts/test.mjs': 'main of `npm test`',
  'scripts/doctor.mjs': 'main of `npm run doctor`',
  'scripts/rebuild.mjs': 'rebuild(): main of `npm run rebuild` and of the publishing tests; hands its settings to the build and the deploy',
  'scripts/deploy.mjs': 'deploy() and rollback(): mains of `npm run deploy` and `npm run rollback` and of the deploy tests; a rebuild passes its own',
  'scripts/bench/index.mjs': 'main of `npm run bench`; hands the sections their values',
  'scripts/bench/reader.mjs': 'its command-line main only (`node scripts/bench/reader.mjs`)',
  'scripts/bench/pronunciation.mjs': 'its command-line main only (`node scripts/bench/pronunciation.mjs`)',
  'scripts/sample-portal/server.mjs':
    "startSamplePortal(): the stand-in for the insurer's portal, a program of its own, reads its SAMPLE_PORTAL_* configuration as it starts unless the caller passes its settings",
};

/**
 * The modules that take the settings of their process (src/settings.ts processSettings, one read per process) instead
 * of a value from an entry point, and why.
 */
const PROCESS_SETTINGS_READERS: Record<string, string> = {
  'src/sections/cache-key.ts': "page code: runs in Astro's page bundle, a module graph apart from astro.config.mjs, which cannot hand it values",
  'src/lib/speculation-rules.ts': 'page code (SiteLayout), as cache-key.ts; callers that have the settings pass them',
  'src/portal/sanitize.ts': 'rich text parsed by the content layer and by pages alike, as cache-key.ts',
  'scripts/lib/system.mjs': "the machine's programs (CHROME_PATH, NGINX_PATH, …), asked for by dozens of tests and bench sections",
};

/** `file:line` of every call of `name(` in the code (not the comments) of src/, scripts/ and astro.config.mjs. */
function callsOf(name: string): string[] {
  const files = ['src', 'scripts'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mjs|astro)$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
      .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length)),
  );
  const calls: string[] = [];
  for (const file of [...files, 'astro.config.mjs']) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!/^\s*(?:\*|\/\/|\/\*)/.test(line) && line.includes(`${name}(`)) calls.push(`${file}:${index + 1}`);
      });
  }
  return calls;
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

  it('parses the environment only at the entry points, which hand the settings down as values', () => {
    const outside = callsOf('readSettings').filter((call) => !(call.replace(/:\d+$/, '') in ENTRY_POINTS));
    expect(outside, 'readSettings() outside the entry points of ENTRY_POINTS: pass the settings from the entry point instead').toEqual([]);
  });

  it('takes the settings of the process (processSettings) only where no entry point can hand them', () => {
    const outside = callsOf('processSettings').filter(
      (call) => !(call.replace(/:\d+$/, '') in { ...PROCESS_SETTINGS_READERS, 'src/settings.ts': '' }),
    );
    expect(outside, 'processSettings() outside PROCESS_SETTINGS_READERS: take the settings as a value instead').toEqual([]);
  });
});
