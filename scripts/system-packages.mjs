/**
 * The project's Debian packages, read from the one list `scripts/system-packages.txt`: which packages a
 * purpose (`reader`, `tests`, `publish`) needs, which of them dpkg does not have, and their installation with
 * apt-get (Debian, as root). `npm test` (scripts/test.mjs) and `npm run doctor` (scripts/doctor.mjs) use it;
 * `.ci/run` and the workflows read the same list through `scripts/system-packages.sh`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Path of the one package list. */
export const SYSTEM_PACKAGES_FILE = fileURLToPath(new URL('system-packages.txt', import.meta.url));

/**
 * @typedef {{ name: string, purposes: string[], capability: string }} SystemPackage
 *   one line of the list: the Debian package, the purposes that need it, and the id of the capability that
 *   `npm run doctor` checks for it
 */

/**
 * Every package of the list, in file order.
 * @returns {SystemPackage[]}
 * @throws {Error} naming the line when a line lacks its purposes or capability
 */
export function systemPackages() {
  return readFileSync(SYSTEM_PACKAGES_FILE, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line && !line.startsWith('#'))
    .map(({ line, number }) => {
      const [name, purposes, capability] = line.split(/\s+/);
      if (!name || !purposes || !capability) {
        throw new Error(`${SYSTEM_PACKAGES_FILE}:${number}: expected "package purposes capability", got "${line}"`);
      }
      return { name, purposes: purposes.split(','), capability };
    });
}

/**
 * The packages that any of `purposes` needs.
 * @param {string[]} purposes e.g. ['tests'] or ['reader', 'publish']
 * @returns {SystemPackage[]}
 * @throws {Error} on a purpose the list does not know
 */
export function packagesFor(purposes) {
  const all = systemPackages();
  for (const purpose of purposes) {
    if (!all.some((pkg) => pkg.purposes.includes(purpose))) throw new Error(`Unknown purpose "${purpose}" (see ${SYSTEM_PACKAGES_FILE}).`);
  }
  return all.filter((pkg) => pkg.purposes.some((purpose) => purposes.includes(purpose)));
}

/**
 * Whether dpkg reports `name` as installed. Always false where dpkg-query is absent (not Debian).
 * @param {string} name
 * @returns {boolean}
 */
export function isInstalled(name) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax, not a template.
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

/** Whether this process may install packages: root on a machine with apt-get. */
export function canInstall() {
  return typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get');
}

/**
 * Installs the packages of `purposes` that dpkg does not have, with `apt-get update` + `apt-get install
 * --no-install-recommends`, when this process can (root, apt-get); otherwise does nothing (the doctor then says
 * what is missing).
 * @param {string[]} purposes
 * @returns {string[]} the names it installed (empty when none was missing or it could not install)
 * @throws {Error} when apt-get fails
 */
export function installMissing(purposes) {
  if (!canInstall()) return [];
  const missing = packagesFor(purposes)
    .map((pkg) => pkg.name)
    .filter((name) => !isInstalled(name));
  if (missing.length === 0) return [];
  console.log(`Installing the Debian packages this needs: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  return missing;
}
