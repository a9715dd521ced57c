/**
 * System programs the tests need (DESIGN.md §8): Debian's Chromium (CHROME_PATH, else /usr/bin/chromium, with
 * fonts-noto-cjk) and nginx (NGINX_PATH, else /usr/sbin/nginx); for the audio reader espeak-ng, lame and sox. When one is missing on Debian as root and
 * `install` is set, it is installed with apt-get; otherwise a clear error says what to install. Never downloads
 * a browser of its own.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
 * Returns `path` when it exists; else installs the Debian `packages` (root + apt-get + `install`) and returns
 * `installedPath`; else throws naming the packages.
 */
function ensure(path, installedPath, packages, { install }) {
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${path} not found: installing ${packages.join(' ')} with apt-get…`);
    execSync(`apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`, {
      stdio: 'inherit',
    });
    if (existsSync(installedPath)) return installedPath;
  }
  throw new Error(`${path} not found. Install Debian's ${packages.join(' ')} (apt-get install ${packages.join(' ')}).`);
}

/** @returns {string} the Chromium binary. */
export function chromiumPath({ install = false } = {}) {
  return ensure(process.env.CHROME_PATH || '/usr/bin/chromium', '/usr/bin/chromium', ['chromium', 'fonts-noto-cjk'], { install });
}

/** @returns {string} the Java runtime (for the W3C Nu HTML checker, vnu-jar). */
export function javaPath({ install = false } = {}) {
  return ensure(process.env.JAVA_PATH || '/usr/bin/java', '/usr/bin/java', ['default-jre-headless'], { install });
}

/** @returns {string} sox (measures the audio reader's files in tests). */
export function soxPath({ install = false } = {}) {
  return ensure(process.env.SOX_PATH || '/usr/bin/sox', '/usr/bin/sox', ['sox'], { install });
}

/** @returns {string} espeak-ng (the audio reader's default speech engine, issue 7), with its Mandarin voice. */
export function espeakNgPath({ install = false } = {}) {
  return ensure(process.env.ESPEAK_NG_PATH || '/usr/bin/espeak-ng', '/usr/bin/espeak-ng', ['espeak-ng'], { install });
}

/** @returns {string} lame (encodes the audio reader's MP3 files). */
export function lamePath({ install = false } = {}) {
  return ensure(process.env.LAME_PATH || '/usr/bin/lame', '/usr/bin/lame', ['lame'], { install });
}

/** @returns {string} the nginx binary. */
export function nginxPath({ install = false } = {}) {
  return ensure(process.env.NGINX_PATH || '/usr/sbin/nginx', '/usr/sbin/nginx', ['nginx'], { install });
}
