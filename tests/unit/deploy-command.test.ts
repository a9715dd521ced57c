/**
 * DEPLOY_COMMAND (scripts/deploy.mjs): the site's folder reaches the command as one argument
 * whatever its path holds (a space, a quote), with the templates users write (.github/OPERATIONS.md "Publishing"); a template that
 * needs a shell is refused with a message naming what, before anything runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { deploy, deployArgv, REQUIRED_FILES } from '../../scripts/deploy.mjs';
import { tempDir } from '../build/run-build';

/** A complete (tiny) built site in a folder whose path has a space and a single quote. */
function awkwardSite(): string {
  const site = join(tempDir('deploy'), "it's my site", 'dist');
  mkdirSync(join(site, 'news'), { recursive: true });
  for (const file of REQUIRED_FILES) writeFileSync(join(site, file), file === 'build-report.json' ? '{}' : '<!doctype html>');
  writeFileSync(join(site, 'news', 'index.html'), '<!doctype html><h1>最新消息</h1>');
  return site;
}

/** This Node, as the first word of a template (its path quoted for the template's sh-like syntax). */
const NODE = quote([process.execPath]);
/** A template prefix printing the arguments it receives as JSON into the file named by $ARGS_FILE. */
const RECORD_ARGS = `${NODE} -e 'require("fs").writeFileSync(process.env.ARGS_FILE, JSON.stringify(process.argv.slice(1)))'`;

const quiet = () => {};

describe('DEPLOY_COMMAND with a site folder named "…/it\'s my site/dist"', () => {
  it('uploads the site with an rsync-style template (`{dir}/` copied to a target)', () => {
    const site = awkwardSite();
    const target = join(tempDir('deploy-target'), 'www');
    mkdirSync(target);
    deploy({ dir: site, env: { ...process.env, DEPLOY_COMMAND: 'cp -R {dir}/. $TARGET', TARGET: target }, log: quiet });
    expect(readFileSync(join(target, 'news', 'index.html'), 'utf8')).toContain('最新消息');
    expect(existsSync(join(target, 'build-report.json'))).toBe(true);
  });

  it.each([
    ['{dir}', (site: string) => [site]],
    ['{dir}/', (site: string) => [`${site}/`]],
    ['"{dir}"', (site: string) => [site]],
    ["'{dir}/'", (site: string) => [`${site}/`]],
    ['deploy {dir} --project-name=$PROJECT --branch=main', (site: string) => ['deploy', site, '--project-name=insurer site', '--branch=main']],
    ['upload --dir={dir} # the built site', (site: string) => ['upload', `--dir=${site}`]],
  ])('passes %s as the arguments a shell would, the path whole', (args, expected) => {
    const site = awkwardSite();
    const argsFile = join(tempDir('deploy-args'), 'args.json');
    const env = { ...process.env, DEPLOY_COMMAND: `${RECORD_ARGS} ${args}`, ARGS_FILE: argsFile, PROJECT: 'insurer site' };
    const result = deploy({ dir: site, env, log: quiet });
    expect(result.deployed).toBe(true);
    expect(JSON.parse(readFileSync(argsFile, 'utf8'))).toEqual(expected(site));
  });

  it('gives leading NAME=value words to the command as environment variables', () => {
    const { file, args, env } = deployArgv('CLOUDFLARE_ACCOUNT_ID=abc npx --yes wrangler pages deploy {dir}', "/srv/it's here", {});
    expect({ file, args, env }).toEqual({
      file: 'npx',
      args: ['--yes', 'wrangler', 'pages', 'deploy', "/srv/it's here"],
      env: { CLOUDFLARE_ACCOUNT_ID: 'abc' },
    });
  });

  it('logs the command with the path quoted and the $NAMEs unexpanded (no secret printed)', () => {
    const site = awkwardSite();
    const lines: string[] = [];
    const env = { DEPLOY_COMMAND: 'upload {dir} --token=$DEPLOY_TOKEN', DEPLOY_TOKEN: 'secret-value' };
    deploy({ dir: site, dryRun: true, env, log: (line: string) => lines.push(line) });
    expect(lines[0]).toContain(`upload ${quote([site])} --token=$DEPLOY_TOKEN`);
    expect(lines.join('\n')).not.toContain('secret-value');
  });

  it.each([
    ['cd {dir} && npx wrangler pages deploy .', '"&&"'],
    ['tar -C {dir} -c . | ssh host tar -x', '"|"'],
    ['rsync -az {dir}/* host:/srv/', 'the pattern'],
    ['upload {dir} > upload.log', '">"'],
    ['upload $(cat {dir}/list)', '"("'],
  ])('refuses %s, naming %s, before running anything (also on a dry run)', (template, named) => {
    const site = awkwardSite();
    const run = () => deploy({ dir: site, dryRun: true, env: { DEPLOY_COMMAND: template }, log: quiet });
    expect(run).toThrow(/^DEPLOY_COMMAND runs one program without a shell/);
    expect(run).toThrow(named);
  });

  it('fails naming the command when it exits non-zero or cannot start', () => {
    const site = awkwardSite();
    expect(() => deploy({ dir: site, env: { ...process.env, DEPLOY_COMMAND: `${NODE} -e 'process.exit(3)' {dir}` }, log: quiet })).toThrow(
      /Deploy command failed \(exit 3\)/,
    );
    expect(() => deploy({ dir: site, env: { ...process.env, DEPLOY_COMMAND: 'no-such-uploader {dir}' }, log: quiet })).toThrow(
      /Deploy command could not start \(.*ENOENT\): no-such-uploader/,
    );
  });
});
