#!/usr/bin/env node
/**
 * Deploys the built site (issue 6; README "Publishing"): `node scripts/deploy.mjs [--dry-run] [--dir dist]`
 * (`npm run deploy -- --dry-run`). Called by scripts/rebuild.mjs only after the build and the checks passed.
 *
 * Where to (environment):
 * - `DEPLOY_COMMAND`: a command template for a static CDN host, `{dir}` replaced by the absolute path of the
 *   site, e.g. `npx --yes wrangler pages deploy {dir} --project-name=site --branch=main` (Cloudflare Pages, which
 *   reads dist/_redirects) or `rsync -az --delete {dir}/ deploy@origin:/srv/site/dist/` (nginx, dist/nginx.conf).
 *   It runs without a shell (deployArgv): any path, with spaces or quotes, reaches the command as one argument;
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
import { parse as parseShellWords, quote as quoteShellWords } from 'shell-quote';
import { readSettings } from '../src/settings.ts';

/** Files a complete build always has (issue 6: never deploy a partial site). */
export const REQUIRED_FILES = Object.freeze(['index.html', '404.html', 'build-report.json']);

/** A leading `NAME=value` word of a command: an environment variable for it, as in sh. */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * The program, arguments and extra environment of a DEPLOY_COMMAND template (issue 13 item 7: no shell, so the
 * site's path is never re-read as shell syntax). The template is split into words as sh does (shell-quote): single
 * and double quotes and backslashes, `$NAME` / `${NAME}` from `env` (unset: empty), leading `NAME=value` words as
 * environment variables, a trailing `# comment` ignored; then `{dir}` is replaced by `dir` inside every word, so
 * `{dir}`, `{dir}/`, `"{dir}"` and `--path={dir}` each stay one argument whatever the path holds.
 * @param {string} template e.g. `rsync -az --delete {dir}/ deploy@origin:/srv/site/dist/`
 * @param {string} dir absolute path of the built site
 * @param {NodeJS.ProcessEnv} [env] variables for `$NAME`
 * @returns {{ file: string, args: string[], env: Record<string, string> }} program, its arguments, extra variables
 * @throws {Error} naming the shell syntax the template uses that needs a shell (`&&`, `|`, `;`, redirections,
 *   `$(…)`, globs such as `{dir}/*`), or when it names no program.
 */
export function deployArgv(template, dir, env = process.env) {
  const words = [];
  for (const token of parseShellWords(template, (name) => env[name] ?? '')) {
    if (typeof token === 'string') {
      words.push(token.replaceAll('{dir}', dir));
      continue;
    }
    if ('comment' in token) break;
    const syntax = token.op === 'glob' ? `the pattern ${token.pattern}` : `"${token.op}"`;
    throw new Error(
      `DEPLOY_COMMAND runs one program without a shell, so ${syntax} cannot be used in "${template}". ` +
        'Pass {dir} itself (e.g. `rsync -az {dir}/ host:/srv/`), or put the shell steps in a script and call it with {dir} as an argument.',
    );
  }
  const extraEnv = {};
  while (words.length > 0 && ASSIGNMENT.test(words[0])) {
    const [, name, value] = ASSIGNMENT.exec(words.shift());
    extraEnv[name] = value;
  }
  if (words.length === 0) throw new Error(`DEPLOY_COMMAND names no program: "${template}".`);
  const [file, ...args] = words;
  return { file, args, env: extraEnv };
}

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
 * @throws {Error} on a partial site, a DEPLOY_COMMAND that needs a shell (deployArgv), no target in real mode, or a
 *   command that cannot start or exits non-zero.
 */
export function deploy({ dir = 'dist', dryRun = false, env = process.env, log = console.log } = {}) {
  const site = resolve(dir);
  const settings = readSettings(env);
  const target = settings.DEPLOY_TARGET ? resolve(settings.DEPLOY_TARGET) : undefined;
  const template = settings.DEPLOY_COMMAND;
  const plan = planDeploy(site, template ? undefined : target);
  // Parsed before anything runs, so that a template needing a shell is refused even on a dry run.
  const argv = template ? deployArgv(template, site, env) : undefined;
  // For the log: the template as written (its $NAMEs unexpanded: no secret is printed), the path quoted for sh.
  const command = template?.replaceAll('{dir}', quoteShellWords([site]));
  const bytes = plan.upload.reduce((sum, file) => sum + file.bytes, 0);
  const where = command ? `with: ${command}` : target ? `to ${target}` : '(no DEPLOY_TARGET or DEPLOY_COMMAND set)';
  log(`${dryRun ? 'Dry run: would upload' : 'Uploading'} ${plan.upload.length} files (${bytes} bytes) ${where}`);
  if (dryRun) {
    for (const file of plan.upload) log(`  upload ${file.path} (${file.bytes} bytes)`);
    for (const path of plan.remove) log(`  remove ${path}`);
    log(`${plan.unchanged} unchanged, ${plan.remove.length} to remove. Nothing was changed.`);
    return { deployed: false, plan, command };
  }
  if (argv) {
    const result = spawnSync(argv.file, argv.args, { stdio: 'inherit', env: { ...env, ...argv.env } });
    if (result.error) throw new Error(`Deploy command could not start (${result.error.message}): ${command}`);
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
