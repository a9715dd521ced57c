/**
 * The project's settings from the environment, parsed once (REFERENCE.md "Layers"): every environment
 * variable the build, the integrations, the scripts and the tests read is declared here with its zod schema,
 * default, unit and meaning, and read only through {@link readSettings}. The Configuration table of
 * .github/OPERATIONS.md is made from SETTINGS by scripts/configuration-table.mjs (tests/unit/settings.test.ts keeps them equal), and astro.config.mjs
 * declares the browser's variables to `astro:env` from {@link ASTRO_ENV_FIELDS}.
 *
 * Rules for every variable: unset or blank (only spaces) means "not set" and gives the default; a value is trimmed;
 * a bad value throws one Error naming each variable, what it must be and what it was.
 *
 * Not here: the variables the test runner hands its own workers (E2E_PORT, E2E_STORE_FILE, E2E_CAPTCHA_TEXT, set and
 * read by tests/playwright.config.ts), and `import.meta.env` flags Astro sets (DEV).
 *
 * Runs in Node only (the build, scripts, tests), also under Node's own TypeScript stripping (the sample portal,
 * scripts): relative imports carry their `.ts` extension.
 */
import { z } from 'zod';
import { PORTAL_QUARANTINE_MAX_AGE_HOURS, PORTAL_SNAPSHOT_MAX_AGE_HOURS, PORTAL_TIMEOUT_MS, PUBLISH_REPORT_PATH } from './site/limits.ts';
import { IMAGE_BUDGET_SECONDS_DEFAULT } from './site/images.ts';

/** Who reads a variable, as the "where" column of the Configuration table (.github/OPERATIONS.md) says. */
export type SettingUse = 'build' | 'browser' | 'reader' | 'serve' | 'deploy' | 'sample portal' | 'tests';

interface Setting<S extends z.ZodType> {
  use: SettingUse;
  schema: S;
  /** Configuration table text: what it means, its unit and default. Markdown, links relative to .github/. */
  meaning: string;
}

const setting = <S extends z.ZodType>(use: SettingUse, schema: S, meaning: string): Setting<S> => ({ use, schema, meaning });

/** An absolute http(s) URL. */
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
/** `1`/`true` or `0`/`false` (any case), as a boolean. */
const flag = z
  .string()
  .toLowerCase()
  .pipe(z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }))
  .transform((value) => value === '1' || value === 'true');
/** A whole number ≥ 1, from its decimal text. */
const positiveInt = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be above 0');

/** READER_ENGINE values: `espeak-ng` picks Debian's programs when installed, else WebAssembly. */
export const READER_ENGINES = ['espeak-ng', 'espeak-ng-native', 'espeak-ng-wasm', 'command', 'off'] as const;
/**
 * Default READER_ENGINE: the WebAssembly espeak-ng wherever the site is built. It pronounces best (the bench's
 * pronunciation check, scripts/bench/pronunciation.mjs); Debian's programs (`espeak-ng-native`, or `espeak-ng`: them
 * when installed) are faster and stay a setting.
 */
export const READER_ENGINE_DEFAULT = 'espeak-ng-wasm' satisfies (typeof READER_ENGINES)[number];
/**
 * Default of READER_BUDGET_SECONDS, seconds (speech never delays a publish): the synthesis time one
 * build may spend; pages whose audio is not ready publish without it and get it in a later build.
 */
export const READER_BUDGET_SECONDS_DEFAULT = 300;
/** Speech rate limits of READER_RATE_WPM, words per minute (espeak-ng's useful range). */
export const READER_RATE_WPM_RANGE = { min: 80, max: 450 } as const;
/** Default speech rate, words per minute (spoken Mandarin at a calm reading pace). */
export const READER_RATE_WPM_DEFAULT = 175;
/**
 * Default READER_VOICE of each espeak-ng build, for Mandarin read from Chinese characters: Debian's espeak-ng 1.51
 * turns Traditional characters into pinyin with its plain `cmn` and speaks the pinyin as English, so its programs
 * use `cmn-latn-pinyin`; the WebAssembly build's espeak-ng 1.52 `cmn` reads the characters as Mandarin with tones.
 */
export const READER_VOICE_DEFAULTS = { native: 'cmn-latn-pinyin', wasm: 'cmn' } as const;

/**
 * Releases a DEPLOY_TARGET keeps by default, the live one included (the last 5, for a one-command rollback,
 * REFERENCE.md "Publishing rules").
 */
export const DEPLOY_KEEP_RELEASES_DEFAULT = 5;

/**
 * SITE_HOST values: where dist/ is served, which decides how the portal is reached (.github/OPERATIONS.md "Hosting"):
 * `nginx` forwards the browser's calls and the portal's files on the site's origin (dist/nginx.conf, and `npm start`);
 * `netlify` forwards the browser's calls only (`_redirects` proxy rules) and links the portal's files on the portal's
 * own origin, since Netlify puts no `_headers` rule on proxied answers; `cloudflare-pages` forwards nothing (its
 * `_redirects` cannot proxy to another host): the browser calls the portal's origin and links its files there.
 */
export const SITE_HOSTS = ['nginx', 'netlify', 'cloudflare-pages'] as const;

/** An IPv4 or IPv6 address, or a CIDR range of either (nginx `set_real_ip_from`). */
const addressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must list addresses or CIDR ranges' });

/** Every environment variable of the project, in the Configuration table's order. */
export const SETTINGS = {
  PORTAL_API_BASE: setting(
    'build',
    httpUrl.optional(),
    'base URL of the portal web API, e.g. `https://portal.example.com`. Unset: the sample portal.',
  ),
  PORTAL_TIMEOUT_MS: setting('build', positiveInt.default(PORTAL_TIMEOUT_MS), `time limit per portal call in ms (default ${PORTAL_TIMEOUT_MS}).`),
  PUBLIC_PORTAL_API_BASE: setting(
    'browser',
    z.union([z.literal(''), httpUrl]).default(''),
    'base of runtime calls; empty (default) means same-origin `/api/…` (with `SITE_HOST=cloudflare-pages`, the default is `PORTAL_API_BASE`).',
  ),
  PUBLIC_IMAGE_BASE: setting(
    'browser',
    z.string().default('/upload/'),
    "base path of portal images and files (default `/upload/`, proxied to the portal on the site's origin; with `SITE_HOST` `netlify` or `cloudflare-pages`, the portal's own file host: `PORTAL_IMAGE_BASE`, else `PORTAL_API_BASE` + `/upload/`, and a base on the site's origin is refused).",
  ),
  PUBLIC_GA_MEASUREMENT_ID: setting(
    'browser',
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must be a GA4 measurement id such as G-ABC123')
      .optional(),
    'GA4 measurement id (`G-…`); unset: no page-view tracking and no call to Google.',
  ),
  SITE_ENV: setting(
    'build',
    z.enum(['production', 'staging', 'development', 'test']).default('production'),
    '`production` (default), `staging`, `development` or `test`.',
  ),
  SITE_URL: setting('build', httpUrl.default('https://www.hotains.com.tw'), 'canonical origin of the site (default `https://www.hotains.com.tw`).'),
  SITE_HOST: setting(
    'build',
    z.enum(SITE_HOSTS).default('nginx'),
    "where `dist/` is served: `nginx` (default: the portal's calls and files through the site's origin), `netlify` or `cloudflare-pages` (the portal's files, and on Cloudflare its calls, on the portal's own origin); see [Hosting](#hosting).",
  ),
  EDGE_TRUSTED_PROXIES: setting(
    'build',
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(addressOrRange))
      .optional(),
    "addresses or CIDR ranges of a CDN or load balancer in front of nginx, comma-separated (`173.245.48.0/20,2400:cb00::/32`): from these only, nginx reads the visitor's address from `X-Forwarded-For`. Unset: the connection's address (what the portal gets as `X-Forwarded-For`).",
  ),
  PREFETCH: setting(
    'build',
    z.enum(['on', 'off']).default('on'),
    '`off`: pages carry no Speculation Rules (no prefetch of likely next pages; default `on`).',
  ),
  ASTRO_CACHE_DIR: setting(
    'build',
    z.string().optional(),
    "Astro's cache folder (default `node_modules/.astro`): content store, incremental pages, search index, reader cache.",
  ),
  PORTAL_SNAPSHOT_MAX_AGE_HOURS: setting(
    'build',
    z.coerce.number({ error: 'must be a number of hours' }).min(0, 'must be ≥ 0').default(PORTAL_SNAPSHOT_MAX_AGE_HOURS),
    `oldest last good snapshot a failing list may fall back to, in hours (default ${PORTAL_SNAPSHOT_MAX_AGE_HOURS}).`,
  ),
  PORTAL_SNAPSHOT_DIR: setting(
    'build',
    z.string().optional(),
    "folder of the snapshots (default `node_modules/.astro/portal-snapshots`, inside Astro's cache; builds against the sample portal use `portal-snapshots-sample` beside it).",
  ),
  PORTAL_ALLOW_ITEM_DROP: setting(
    'build',
    z.string().optional(),
    'lists confirmed to lose more than half of their items against their baseline in this build (which then moves the baseline down to the new count), or to be empty in a first build without a snapshot: `news,faqs` or `*`.',
  ),
  PORTAL_QUARANTINE_MAX_AGE_HOURS: setting(
    'build',
    z.coerce.number({ error: 'must be a number of hours' }).min(0, 'must be ≥ 0').default(PORTAL_QUARANTINE_MAX_AGE_HOURS),
    `an item left out of the site for breaking its schema (quarantined) fails the build once it has been so for longer than this, in hours (default ${PORTAL_QUARANTINE_MAX_AGE_HOURS}); see Publishing.`,
  ),
  PUBLISH_NOTIFY_URL: setting(
    'build',
    httpUrl.optional(),
    `where to POST one JSON message when a build fails (\`npm run rebuild\`), quarantines an item or serves a list from its snapshot; it links the publish report \`SITE_URL${PUBLISH_REPORT_PATH}\`. Unset: no message. A failed notification only warns.`,
  ),
  PORTAL_IMAGE_BASE: setting(
    'build',
    httpUrl.optional(),
    'where the build downloads the portal\'s images to make their variants, e.g. `https://portal.example.com/upload/` (default: `PUBLIC_IMAGE_BASE` on the portal, i.e. `PORTAL_API_BASE` + `/upload/`); an assumption beyond REFERENCE.md "Portal API", see src/integrations/images.ts.',
  ),
  IMAGE_BUDGET_SECONDS: setting(
    'build',
    z.coerce.number({ error: 'must be a number of seconds' }).min(0, 'must be ≥ 0').default(IMAGE_BUDGET_SECONDS_DEFAULT),
    `time one build may spend making image variants, in seconds (default ${IMAGE_BUDGET_SECONDS_DEFAULT}; \`0\`: only variants already in the cache): past it, pages show the portal's own image until a later build has made its variants, most recently dated first.`,
  ),
  IMAGE_CACHE_DIR: setting(
    'build',
    z.string().optional(),
    "folder of the image variants kept between builds (default `image-cache` in Astro's cache folder).",
  ),
  READER_ENGINE: setting(
    'reader',
    z.enum(READER_ENGINES).default(READER_ENGINE_DEFAULT),
    `audio reader engine: ${READER_ENGINES.map((name) => `\`${name}\``).join(', ')} (default \`${READER_ENGINE_DEFAULT}\`, which pronounces best; \`espeak-ng-native\`: Debian's faster programs; \`espeak-ng\`: those when installed, else the WebAssembly build); see [the reader's README](../src/integrations/reader/README.md).`,
  ),
  READER_VOICE: setting(
    'reader',
    z.string().optional(),
    `espeak-ng voice (default \`${READER_VOICE_DEFAULTS.native}\` for Debian's programs, \`${READER_VOICE_DEFAULTS.wasm}\` for the WebAssembly build).`,
  ),
  READER_RATE_WPM: setting(
    'reader',
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(READER_RATE_WPM_RANGE.min, `must be from ${READER_RATE_WPM_RANGE.min} to ${READER_RATE_WPM_RANGE.max}`)
      .max(READER_RATE_WPM_RANGE.max, `must be from ${READER_RATE_WPM_RANGE.min} to ${READER_RATE_WPM_RANGE.max}`)
      .default(READER_RATE_WPM_DEFAULT),
    `speech rate in words per minute, ${READER_RATE_WPM_RANGE.min}–${READER_RATE_WPM_RANGE.max} (default ${READER_RATE_WPM_DEFAULT}).`,
  ),
  READER_COMMAND: setting(
    'reader',
    z.string().optional(),
    '`command` engine: program and arguments with `{text_file}` and `{out_file}`; the text is also on stdin.',
  ),
  READER_COMMAND_FORMAT: setting(
    'reader',
    z.enum(['wav', 'mp3']).default('wav'),
    '`command` engine: what it writes to `{out_file}`, `wav` (default) or `mp3`.',
  ),
  READER_ESPEAK_NG: setting('reader', z.string().default('espeak-ng'), 'the espeak-ng program (default `espeak-ng` on PATH).'),
  READER_LAME: setting('reader', z.string().default('lame'), 'the lame MP3 encoder (default `lame` on PATH).'),
  READER_BUDGET_SECONDS: setting(
    'reader',
    z.coerce.number({ error: 'must be a number of seconds' }).min(0, 'must be ≥ 0').default(READER_BUDGET_SECONDS_DEFAULT),
    `synthesis time one build may spend, in seconds (default ${READER_BUDGET_SECONDS_DEFAULT}; \`0\`: only audio already in the cache): no new segment starts once it is spent; pages still without audio publish without the player (or with the audio of their previous text) and get it in a later build, most recently dated first.`,
  ),
  READER_CACHE_DIR: setting('reader', z.string().optional(), "folder of the synthesis cache (default `reader-cache` in Astro's cache folder)."),
  PORT: setting(
    'serve',
    z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be ≥ 0').default(4321),
    '`npm start`: port of the local server (default 4321; 0: any free port).',
  ),
  HOST: setting('serve', z.string().default('127.0.0.1'), '`npm start`: address it listens on (default `127.0.0.1`).'),
  DEPLOY_COMMAND: setting(
    'deploy',
    z.string().optional(),
    'upload command template (`{dir}` = the site; one program, run without a shell, see Publishing).',
  ),
  DEPLOY_TARGET: setting(
    'deploy',
    z.string().optional(),
    'a folder on the web server (instead of `DEPLOY_COMMAND`), here (`/srv/site`) or over SSH (`ssh://deploy@www.example.com:22/srv/site` or `deploy@www.example.com:/srv/site`): each deploy is a new release in `releases/`, made live by switching the `current` symlink; see Publishing.',
  ),
  DEPLOY_SSH_KEY: setting(
    'deploy',
    z.string().optional(),
    "`DEPLOY_TARGET` over SSH: the private key, its text (a CI secret) or the path of its file. Unset: ssh's own keys and agent.",
  ),
  DEPLOY_SSH_KNOWN_HOSTS: setting(
    'deploy',
    z.string().optional(),
    "`DEPLOY_TARGET` over SSH: the server's host keys, `known_hosts` lines (`ssh-keyscan -p 22 www.example.com`) or the path of such a file; only these are trusted. Unset: ssh's own `known_hosts`.",
  ),
  DEPLOY_RELOAD_COMMAND: setting(
    'deploy',
    z.string().optional(),
    "`DEPLOY_TARGET`: the command that makes the web server read the new release's `nginx.conf` (redirects, headers, CSP hashes), run by `sh` on the server (over SSH for a remote target) after every switch, deploy and rollback, e.g. `sudo -n /usr/sbin/nginx -t -q && sudo -n /usr/sbin/nginx -s reload`; when it fails, `current` goes back to the release live before and the deploy fails. Unset: a warning, the new include takes effect at nginx's next reload.",
  ),
  DEPLOY_KEEP_RELEASES: setting(
    'deploy',
    positiveInt.default(DEPLOY_KEEP_RELEASES_DEFAULT),
    `\`DEPLOY_TARGET\`: releases kept, the live one included (default ${DEPLOY_KEEP_RELEASES_DEFAULT}; 1: no rollback).`,
  ),
  SAMPLE_PORTAL_FAULTS: setting(
    'sample portal',
    z.string().optional(),
    'fault injection, e.g. `news=http500,faqs=slow`; see `scripts/sample-portal/README.md`.',
  ),
  SAMPLE_PORTAL_SCALE: setting(
    'sample portal',
    z.coerce.number().int().min(0).default(0),
    'generated items per list on top of the sample data (default 0).',
  ),
  SAMPLE_PORTAL_CORPUS: setting(
    'sample portal',
    z.string().optional(),
    'a named test corpus instead of the sample data (e.g. `hostile`); see `scripts/sample-portal/README.md`.',
  ),
  SAMPLE_PORTAL_STRICT: setting(
    'sample portal',
    flag.default(false),
    '`1`: answer only the endpoints of REFERENCE.md "Portal API" (the others 404), as the insurer\'s portal; see [Portal endpoints beyond the spec](#portal-endpoints-beyond-the-spec).',
  ),
  SAMPLE_PORTAL_NOTIFICATIONS: setting('sample portal', z.string().optional(), 'which sample notifications it sends (default all; `none`).'),
  SAMPLE_PORTAL_STORE_FILE: setting(
    'sample portal',
    z.string().optional(),
    'file the form submissions are appended to (default in the system temp folder).',
  ),
  SAMPLE_PORTAL_RATE_LIMIT: setting(
    'sample portal',
    z.string().optional(),
    'form submissions allowed per client and window; see `scripts/sample-portal/README.md`.',
  ),
  SAMPLE_PORTAL_CAPTCHA_TEXT: setting('sample portal', z.string().optional(), 'fixed captcha answer (tests only).'),
  SAMPLE_PORTAL_TODAY: setting(
    'sample portal',
    z.iso.date().optional(),
    "the Taipei day (`YYYY-MM-DD`) the sample's relative dates count from (default today in Taipei); `npm test` sets it once, so that a build before Taipei's midnight and browser tests after it see the same data.",
  ),
  CHROME_PATH: setting(
    'tests',
    z.string().default('/usr/bin/chromium-headless-shell'),
    "Chromium for the tests, the benchmark and the doctor (default Debian's headless shell, `/usr/bin/chromium-headless-shell`: the same engine as `/usr/bin/chromium` without the browser around it, about a third of its CPU per page; the full browser works too).",
  ),
  NGINX_PATH: setting(
    'tests',
    z.string().default('/usr/sbin/nginx'),
    "nginx for the route tests and `npm run rebuild`'s checks (default Debian's `/usr/sbin/nginx`).",
  ),
  JAVA_PATH: setting('tests', z.string().default('/usr/bin/java'), 'Java for the W3C checker (default `/usr/bin/java`).'),
  SOX_PATH: setting('tests', z.string().default('/usr/bin/sox'), 'sox for the reader tests (default `/usr/bin/sox`).'),
  E2E_PORTAL_STRICT: setting(
    'tests',
    flag.default(false),
    '`1`: the end-to-end tests\' sample portal answers only REFERENCE.md "Portal API" (`npm test` runs the forms tests so once).',
  ),
} as const;

/** The name of a variable of {@link SETTINGS}. */
export type SettingName = keyof typeof SETTINGS;

/** The parsed settings: each variable's value after its schema (defaults applied, numbers as numbers). */
export type Settings = { [Name in SettingName]: z.output<(typeof SETTINGS)[Name]['schema']> };

/**
 * Reads and checks every variable of {@link SETTINGS}: called once per run by an entry point (astro.config.mjs,
 * src/content.config.ts, a script's main; ENTRY_POINTS of tests/unit/settings.test.ts), which hands the values down.
 * @param env a process.env-like record (default process.env; tests pass their own)
 * @returns the settings, defaults applied
 * @throws Error listing every bad variable: `PORTAL_TIMEOUT_MS must be a number, got "soon".`
 */
export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, { schema }] of Object.entries(SETTINGS) as [SettingName, Setting<z.ZodType>][]) {
    const raw = env[name]?.trim();
    const result = schema.safeParse(raw === '' ? undefined : raw);
    if (result.success) values[name] = result.data;
    else problems.push(`${name} ${result.error.issues[0]?.message ?? 'is not valid'}, got "${env[name]}".`);
  }
  if (problems.length === 0) hostingDefaults(values as Settings, env, problems);
  if (problems.length > 0) throw new Error(`Bad settings in the environment:\n  ${problems.join('\n  ')}`);
  return values as Settings;
}

/**
 * What SITE_HOST decides (SITE_HOSTS): on a CDN host the portal's files are linked on an origin that is not the
 * site's, since the CDN cannot put the upload policy (src/lib/upload-headers.ts) on answers it proxies; on Cloudflare
 * Pages the browser also calls the portal on its own origin. An unset PUBLIC_IMAGE_BASE (PUBLIC_PORTAL_API_BASE) then
 * defaults to the portal's (when PORTAL_API_BASE is known: scripts/astro.mjs sets it before the build reads it).
 * In: the parsed values (changed in place), the environment, the problem list to add to.
 */
function hostingDefaults(values: Settings, env: Record<string, string | undefined>, problems: string[]): void {
  if (values.SITE_HOST === 'nginx') return;
  const unset = (name: SettingName) => (env[name]?.trim() ?? '') === '';
  const portal = values.PORTAL_API_BASE?.replace(/\/+$/, '');
  if (unset('PUBLIC_IMAGE_BASE') && (values.PORTAL_IMAGE_BASE || portal)) {
    values.PUBLIC_IMAGE_BASE = values.PORTAL_IMAGE_BASE ?? `${portal}/upload/`;
  }
  if (values.SITE_HOST === 'cloudflare-pages' && unset('PUBLIC_PORTAL_API_BASE') && portal) values.PUBLIC_PORTAL_API_BASE = portal;
  const site = new URL(values.SITE_URL).origin;
  const origin = /^https?:\/\//i.test(values.PUBLIC_IMAGE_BASE) ? new URL(values.PUBLIC_IMAGE_BASE).origin : undefined;
  if ((!unset('PUBLIC_IMAGE_BASE') || portal) && (!origin || origin === site)) {
    problems.push(
      `PUBLIC_IMAGE_BASE must be an absolute URL on another origin than SITE_URL with SITE_HOST=${values.SITE_HOST} ` +
        `(the host puts no upload policy on the portal's files it would serve on the site's origin), got "${values.PUBLIC_IMAGE_BASE}".`,
    );
  }
}

let processSettingsRead: Settings | undefined;

/**
 * The settings of this process's environment, read on the first call and shared after it: for the modules no entry
 * point can hand values to (page code, in Astro's page bundle apart from astro.config.mjs; the machine's programs of
 * scripts/lib/system.mjs). Everything else takes the settings its entry point read (PROCESS_SETTINGS_READERS and
 * ENTRY_POINTS of tests/unit/settings.test.ts list both, with their reasons).
 * @throws as {@link readSettings}
 */
export function processSettings(): Settings {
  processSettingsRead ??= readSettings(process.env);
  return processSettingsRead;
}

/** The variables the browser reads through `astro:env/client` (astro.config.mjs declares them from here). */
export const BROWSER_SETTINGS = [
  'PUBLIC_PORTAL_API_BASE',
  'PUBLIC_IMAGE_BASE',
  'PUBLIC_GA_MEASUREMENT_ID',
  'SITE_ENV',
] as const satisfies readonly SettingName[];
