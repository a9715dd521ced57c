/**
 * Finds Debian's Chromium for the browser tests (DESIGN.md §8): CHROME_PATH, else /usr/bin/chromium. When it
 * is missing on Debian as root and `install` is set, installs `chromium` and `fonts-noto-cjk` with apt-get;
 * otherwise throws with a clear message. Never downloads a browser of its own.
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

/** @returns {string} the path of the Chromium binary. */
export function chromiumPath({ install = false } = {}) {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing chromium and fonts-noto-cjk with apt-get…');
    execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-noto-cjk', {
      stdio: 'inherit',
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    `Chromium not found at ${candidate}. Install Debian's chromium and fonts-noto-cjk (apt-get install chromium fonts-noto-cjk) or set CHROME_PATH.`,
  );
}
