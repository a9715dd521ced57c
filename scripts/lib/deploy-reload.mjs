/**
 * The web server's reload after a local deploy or rollback switches the live release (DEPLOY_RELOAD_COMMAND, see
 * OPERATIONS.md "Publishing"): run by sh with a time limit; when it fails, the release live before is switched back.
 * In: the command, a log, a switch-back function and the two release names. Out: nothing. Raises on a failed reload.
 */
import { spawnSync } from 'node:child_process';
import { NO_RELOAD_NOTE } from './releases.mjs';

/** Time the reload command may take, in ms. */
const RELOAD_TIMEOUT_MS = 60_000;

/**
 * Makes the web server read the live release's include after a switch (DEPLOY_RELOAD_COMMAND, run by sh here); when
 * it fails, switches back and throws.
 * @param {string | undefined} command DEPLOY_RELOAD_COMMAND (unset: only a note in the log)
 * @param {(line: string) => void} log
 * @param {() => void} switchBack makes the release live before live again
 * @param {{ live: string, before?: string }} releases the release just made live and the one live before it
 * @throws {Error} naming the command's exit code and output, and which release is live now
 */
export function reloadAfterSwitch(command, log, switchBack, { live, before }) {
  if (!command) {
    log(NO_RELOAD_NOTE);
    return;
  }
  const result = spawnSync('sh', ['-c', command], { encoding: 'utf8', timeout: RELOAD_TIMEOUT_MS });
  if (result.status === 0) {
    log(`Reloaded the web server (DEPLOY_RELOAD_COMMAND) for release ${live}.`);
    return;
  }
  switchBack();
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim() || result.error?.message || '';
  throw new Error(
    `DEPLOY_RELOAD_COMMAND failed (exit ${result.status ?? result.signal}): ${output}. ` +
      `${before ? `Release ${before} is live again` : 'Nothing was live before'}; ${live} stays on disk until the next deploy.`,
  );
}
