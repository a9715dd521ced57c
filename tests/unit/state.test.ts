/**
 * The snapshots of what is live, kept on the deploy target (scripts/lib/state.mjs), here and over SSH against a
 * real OpenSSH server on 127.0.0.1 (scripts/lib/sshd.mjs): after a deploy they are copied to
 * `<DEPLOY_TARGET>/state/portal-snapshots/` (without the running build's staged records); a build machine whose
 * snapshot folder is empty (a new machine, an evicted Actions cache) gets them back, so the item-drop guard still
 * compares with the live site's baselines; a folder that holds snapshots is never overwritten.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd } from '../../scripts/lib/sshd.mjs';
import { KEPT_CACHES, restoreCaches, restoreSnapshots, saveCaches, saveSnapshots, STATE_FOLDER } from '../../scripts/lib/state.mjs';
import { tempDir } from '../build/run-build';

const NEWS = JSON.stringify({
  list: 'news',
  fetchedAt: '2026-11-29T06:00:00.000Z',
  items: [],
  baseline: { items: 42, since: '2026-11-01T00:00:00.000Z' },
});

/** A snapshot folder as a successful build leaves it, with a staged record of a later build that failed. */
function snapshots(): string {
  const dir = tempDir('state-snapshots');
  writeFileSync(join(dir, 'news.json'), NEWS);
  writeFileSync(join(dir, 'page-digests.json'), '{"builtAt":"2026-11-29T06:00:00.000Z","pages":{}}');
  mkdirSync(join(dir, 'staged'));
  writeFileSync(join(dir, 'staged', 'news.json'), '{}');
  return dir;
}

let sshd: Awaited<ReturnType<typeof startSshd>>;
beforeAll(async () => {
  sshd = await startSshd();
});
afterAll(async () => {
  await sshd?.close();
});

describe('the snapshots of the live site, kept on the deploy target', () => {
  it.each([
    ['a folder here', (dir: string) => ({ DEPLOY_TARGET: dir })],
    [
      'a server over SSH',
      (dir: string) => ({ DEPLOY_TARGET: sshd.target(dir), DEPLOY_SSH_KEY: sshd.privateKey, DEPLOY_SSH_KNOWN_HOSTS: sshd.knownHosts }),
    ],
  ])(
    'on %s: kept after a deploy, back in an emptied snapshot folder, never over one that holds snapshots',
    (_where, settingsOf) => {
      const target = join(tempDir('state-target'), 'www');
      const settings = settingsOf(target);
      const built = snapshots();
      expect(saveSnapshots({ dir: built, settings })).toContain(STATE_FOLDER);
      expect(readFileSync(join(target, STATE_FOLDER, 'news.json'), 'utf8')).toBe(NEWS);
      expect(existsSync(join(target, STATE_FOLDER, 'staged'))).toBe(false);

      const evicted = join(tempDir('state-evicted'), 'portal-snapshots');
      expect(restoreSnapshots({ dir: evicted, settings })).toContain(STATE_FOLDER);
      expect(readFileSync(join(evicted, 'news.json'), 'utf8')).toBe(NEWS);
      expect(existsSync(join(evicted, 'page-digests.json'))).toBe(true);

      const newer = tempDir('state-newer');
      writeFileSync(join(newer, 'news.json'), '{"newer":true}');
      expect(restoreSnapshots({ dir: newer, settings })).toBeUndefined();
      expect(readFileSync(join(newer, 'news.json'), 'utf8')).toBe('{"newer":true}');
      expect(
        restoreSnapshots({ dir: join(tempDir('state-none'), 'x'), settings: { DEPLOY_TARGET: join(tempDir('state-empty'), 'www') } }),
      ).toBeUndefined();
    },
    120_000,
  );
});

/** An image cache as the build leaves it: content-named variants and the index that names them. */
function imageCache(files: string[]): string {
  const dir = join(tempDir('state-image-cache'), 'image-cache');
  mkdirSync(join(dir, 'files'), { recursive: true });
  for (const file of files) writeFileSync(join(dir, 'files', file), `variant ${file}`);
  writeFileSync(join(dir, 'index.json'), JSON.stringify({ files }));
  return dir;
}

describe('the image and audio caches, kept on the deploy target so an evicted cache does not remake every variant', () => {
  const IMAGES = KEPT_CACHES[0];
  it.each([
    ['a folder here', (dir: string) => ({ DEPLOY_TARGET: dir })],
    [
      'a server over SSH',
      (dir: string) => ({ DEPLOY_TARGET: sshd.target(dir), DEPLOY_SSH_KEY: sshd.privateKey, DEPLOY_SSH_KNOWN_HOSTS: sshd.knownHosts }),
    ],
  ])(
    'on %s: mirrored after a deploy (removed variants go), back in an emptied cache folder, never over a full one',
    (_where, settingsOf) => {
      const target = join(tempDir('state-cache-target'), 'www');
      const settings = settingsOf(target);
      const built = imageCache(['a-400.avif', 'b-400.avif']);
      expect(saveCaches({ dirs: { [IMAGES.name]: built }, settings })).toEqual({ kept: [expect.stringContaining(IMAGES.folder)], warnings: [] });
      rmSync(join(built, 'files', 'a-400.avif'));
      writeFileSync(join(built, 'files', 'c-400.avif'), 'variant c-400.avif');
      writeFileSync(join(built, 'index.json'), JSON.stringify({ files: ['b-400.avif', 'c-400.avif'] }));
      const unchanged = join(target, IMAGES.folder, 'files', 'b-400.avif');
      const before = statSync(unchanged).ino;
      saveCaches({ dirs: { [IMAGES.name]: built }, settings });
      expect(readdirSync(join(target, IMAGES.folder, 'files')).sort()).toEqual(['b-400.avif', 'c-400.avif']);
      // Only what changed travels: an unchanged variant is the same file as before, not copied again.
      expect(statSync(unchanged).ino).toBe(before);

      const evicted = join(tempDir('state-cache-evicted'), 'image-cache');
      expect(restoreCaches({ dirs: { [IMAGES.name]: evicted }, settings })).toEqual({
        restored: [expect.stringContaining(IMAGES.folder)],
        warnings: [],
      });
      expect(readFileSync(join(evicted, 'index.json'), 'utf8')).toBe(JSON.stringify({ files: ['b-400.avif', 'c-400.avif'] }));
      expect(readFileSync(join(evicted, 'files', 'c-400.avif'), 'utf8')).toBe('variant c-400.avif');

      const full = imageCache(['d-400.avif']);
      expect(restoreCaches({ dirs: { [IMAGES.name]: full }, settings }).restored).toEqual([]);
      expect(readdirSync(join(full, 'files'))).toEqual(['d-400.avif']);
      const elsewhere = { DEPLOY_TARGET: join(tempDir('state-cache-none'), 'www') };
      expect(restoreCaches({ dirs: { [IMAGES.name]: join(tempDir('state-cache-new'), 'x') }, settings: elsewhere }).restored).toEqual([]);
    },
    120_000,
  );
});
