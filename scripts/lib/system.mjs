/**
 * System programs that the tests, the benchmark and `npm run doctor` run (REFERENCE.md "Test layers"): Debian's Chromium
 * (CHROME_PATH, else its headless shell /usr/bin/chromium-headless-shell, with fonts-noto-cjk), nginx (NGINX_PATH, else /usr/sbin/nginx), Java for
 * the W3C checker (JAVA_PATH, else /usr/bin/java) and sox (SOX_PATH, else /usr/bin/sox). (The audio reader finds
 * espeak-ng and lame itself: READER_ESPEAK_NG, READER_LAME.) Each function returns the program's path or throws naming the Debian package that provides it
 * (from scripts/system-packages.txt). Installing is the job of `npm test`/.ci/run (scripts/system-packages.mjs);
 * nothing here installs anything, and nothing ever downloads a browser.
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers"): tests import it from here.
 * The paths are the process's settings (src/settings.ts processSettings: read once per process and shared), not an
 * argument: the programs are the machine's, the same for every caller, and dozens of tests and bench sections ask.
 */
import { existsSync } from 'node:fs';
import { processSettings } from '../../src/settings.ts';

/** Launch flags for Chromium in this sandbox (no network beyond loopback, root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `path` when it exists, else an Error naming the Debian package to install.
 * @param {string} path
 * @param {string} pkg Debian package
 * @returns {string}
 */
function present(path, pkg) {
  if (existsSync(path)) return path;
  throw new Error(`${path} not found. Install Debian's ${pkg} (apt-get install ${pkg}), or run \`npm run doctor\` to see every missing capability.`);
}

/**
 * @returns {string} the Chromium binary: by default Debian's headless shell (package chromium-headless-shell), which
 * measured about a third of the full browser's CPU per page (36 page loads: 5.8 against 17.7 CPU-s), so the browser
 * tests wait far less for a core; CJK text needs fonts-noto-cjk.
 */
export function chromiumPath() {
  return present(processSettings().CHROME_PATH, 'chromium-headless-shell');
}

/** @returns {string} the Java runtime (for the W3C Nu HTML checker, vnu-jar). */
export function javaPath() {
  return present(processSettings().JAVA_PATH, 'default-jre-headless');
}

/** @returns {string} sox (measures the audio reader's files in tests; MP3 needs libsox-fmt-mp3). */
export function soxPath() {
  return present(processSettings().SOX_PATH, 'sox');
}

/** @returns {string} the nginx binary. */
export function nginxPath() {
  return present(processSettings().NGINX_PATH, 'nginx');
}

/** Debian's brotli_static module of nginx (package libnginx-mod-http-brotli-static). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** @returns {string | undefined} the brotli_static module when it is installed (nginx serves without it, gzip only). */
export function brotliStaticModule() {
  return existsSync(BROTLI_STATIC_MODULE) ? BROTLI_STATIC_MODULE : undefined;
}
