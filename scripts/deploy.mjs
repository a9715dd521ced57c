#!/usr/bin/env node
/**
 * Deploys the built site (issue 6; README "Publishing"): `node scripts/deploy.mjs [--dry-run] [--dir dist]`
 * (`npm run deploy -- --dry-run`). Called by scripts/rebuild.mjs only after the build and the checks passed.
 *
 * Where to (environment):
 * - `DEPLOY_COMMAND`: a shell command template for a static CDN host, `{dir}` replaced by the absolute path of the
 *   site, e.g. `npx --yes wrangler pages deploy {dir} --project-name=site --branch=main` (Cloudflare Pages, which
 *   reads dist/_redirects) or `rsync -az --delete {dir}/ deploy@origin:/srv/site/dist/` (nginx, dist/nginx.conf);
 * - `DEPLOY_TARGET`: a directory to mirror the site into (a mounted volume or the nginx root): new and changed files
 *   are copied — assets first, HTML pages last, so no page ever points at an asset not yet there — then files no
 *   longer in the site are removed.
 * `--dry-run` changes nothing: it lists what would be uploaded (against DEPLOY_TARGET: only new and changed files,
 * and the files that would be removed; otherwise every file) and the command that would run.
 *
 * Guard: refuses a site without index.html, 404.html and build-report.json (a partial or empty dist/).
 * Exit code: 0 when deployed (or planned); 1 on a refused site, a missing target in real mode, or a failed command.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Files a complete build always has (issue 6: never deploy a partial site). */
export const REQUIRED_FILES = Object.freeze(['index.html', '404.html', 'build-report.json']);

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const digest = (file) => createHash('sha1').update(readFileSync(file)).digest('hex');

/**
 * What a deploy of `dir` to `target` would do.
 * @param {string} dir the built site
 * @param {string} [target] a directory to mirror into; absent: every file is an upload
 * @returns {{ upload: { path: string, bytes: number }[], remove: string[], unchanged: number }} paths relative to
 *   the site; `upload` ordered assets first, HTML last.
 * @throws {Error} naming the missing files when `dir` is not a complete build.
 */
export function planDeploy(dir, target) {
  const missing = REQUIRED_FILES.filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) throw new Error(`Refusing to deploy ${dir}: not a complete build (missing ${missing.join(', ')}).`);
  const files = listFiles(dir);
  const present = new Set(files);
  const upload = [];
  let unchanged = 0;
  for (const path of files) {
    const source = join(dir, path);
    const bytes = statSync(source).size;
    const existing = target ? join(target, path) : undefined;
    if (existing && existsSync(existing) && statSync(existing).size === bytes && digest(existing) === digest(source)) unchanged += 1;
    else upload.push({ path, bytes });
  }
  upload.sort((a, b) => Number(a.path.endsWith('.html')) - Number(b.path.endsWith('.html')) || a.path.localeCompare(b.path));
  const remove = target ? listFiles(target).filter((path) => !present.has(path)) : [];
  return { upload, remove, unchanged };
}

/**
 * Deploys (or plans) the site.
 * @param {{ dir?: string, dryRun?: boolean, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 * @returns {{ deployed: boolean, plan: ReturnType<typeof planDeploy>, command?: string }}
 * @throws {Error} on a partial site, no target in real mode, or a command that exits non-zero.
 */
export function deploy({ dir = 'dist', dryRun = false, env = process.env, log = console.log } = {}) {
  const site = resolve(dir);
  const target = env.DEPLOY_TARGET ? resolve(env.DEPLOY_TARGET) : undefined;
  const template = env.DEPLOY_COMMAND?.trim() || undefined;
  const plan = planDeploy(site, template ? undefined : target);
  const command = template?.replaceAll('{dir}', site);
  const bytes = plan.upload.reduce((sum, file) => sum + file.bytes, 0);
  const where = command ? `with: ${command}` : target ? `to ${target}` : '(no DEPLOY_TARGET or DEPLOY_COMMAND set)';
  log(`${dryRun ? 'Dry run: would upload' : 'Uploading'} ${plan.upload.length} files (${bytes} bytes) ${where}`);
  if (dryRun) {
    for (const file of plan.upload) log(`  upload ${file.path} (${file.bytes} bytes)`);
    for (const path of plan.remove) log(`  remove ${path}`);
    log(`${plan.unchanged} unchanged, ${plan.remove.length} to remove. Nothing was changed.`);
    return { deployed: false, plan, command };
  }
  if (command) {
    const result = spawnSync(command, { shell: true, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`Deploy command failed (exit ${result.status ?? result.signal}): ${command}`);
    return { deployed: true, plan, command };
  }
  if (!target) throw new Error('Nowhere to deploy: set DEPLOY_COMMAND or DEPLOY_TARGET (or use --dry-run).');
  for (const file of plan.upload) {
    const destination = join(target, file.path);
    mkdirSync(dirname(destination), { recursive: true });
    copyFileSync(join(site, file.path), `${destination}.deploying`);
    renameSync(`${destination}.deploying`, destination);
  }
  for (const path of plan.remove) rmSync(join(target, path));
  log(`Deployed to ${target}: ${plan.upload.length} uploaded, ${plan.remove.length} removed, ${plan.unchanged} unchanged.`);
  return { deployed: true, plan };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, dir: { type: 'string', default: 'dist' } } });
  try {
    deploy({ dir: values.dir, dryRun: values['dry-run'] });
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
}
