/**
 * The GitHub Actions workflows (issue 6 §1): action-validator accepts both and rejects a broken one (so the
 * `npm test` lint step can fail); CI runs the same entry point as a fresh machine (.ci/run); the rebuild workflow
 * runs on a 10-minute schedule, on the portal's dispatch and by hand, one run at a time, keeps Astro's cache with
 * the portal snapshots between runs, builds against the PORTAL_API_BASE secret and goes through `npm run rebuild`
 * (the local pipeline), so local and CI are one path.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWorkflows, workflowFiles } from '../../scripts/lint-workflows.mjs';
import { packagesFor, systemPackages } from '../../scripts/system-packages.mjs';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('workflow lint', () => {
  it('accepts every workflow of the repository', () => {
    const results = lintWorkflows(workflowFiles());
    expect(results.map((result) => result.file)).toEqual(['.github/workflows/ci.yml', '.github/workflows/rebuild.yml']);
    expect(results.filter((result) => !result.ok)).toEqual([]);
  });

  it('rejects a workflow with a misspelt key, naming where', () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'workflow-')), 'broken.yml');
    writeFileSync(broken, read('.github/workflows/ci.yml').replace('runs-on:', 'runs_on:'));
    const [result] = lintWorkflows([broken]);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('/jobs/test');
  });
});

describe('workflows', () => {
  it('CI runs .ci/run (system packages, npm install, npm test) on push and pull request', () => {
    const ci = read('.github/workflows/ci.yml');
    expect(ci).toMatch(/^on:\n {2}push:\n {2}pull_request:/m);
    expect(ci).toMatch(/run: \.ci\/run$/m);
    const run = read('.ci/run');
    expect(run).toContain('scripts/system-packages.sh --missing tests');
    expect(run).toMatch(/^npm install --no-audit --no-fund\nnpm run doctor -- --for tests\nnpm test$/m);
  });

  it('no workflow, .ci/run or test runner keeps its own list of the project\'s Debian packages (issue 13)', () => {
    const listed = systemPackages().map((pkg) => pkg.name);
    for (const file of ['.ci/run', '.github/workflows/ci.yml', '.github/workflows/rebuild.yml', 'scripts/test.mjs']) {
      const text = read(file).split('\n').filter((line) => /apt-get|missing/.test(line) && !line.trimStart().startsWith('#')).join('\n');
      expect(listed.filter((pkg) => new RegExp(`(^|[\\s(])${pkg}([\\s)]|$)`, 'm').test(text)), file).toEqual([]);
    }
  });

  it('rebuild installs the packages of purpose publish, with the reader\'s engine, and checks them before building', () => {
    const rebuild = read('.github/workflows/rebuild.yml');
    expect(rebuild).toContain('$(scripts/system-packages.sh publish)');
    expect(packagesFor(['publish']).map((pkg) => pkg.name)).toEqual(expect.arrayContaining(['espeak-ng', 'lame', 'nginx', 'rsync']));
    expect(rebuild.indexOf('npm run doctor -- --for publish')).toBeGreaterThan(rebuild.indexOf('system-packages.sh publish'));
    expect(rebuild.indexOf('npm run doctor -- --for publish')).toBeLessThan(rebuild.indexOf('run: npm run rebuild'));
  });

  it('rebuild runs every 10 minutes, on portal-publish dispatch and by hand, one at a time, through npm run rebuild', () => {
    const rebuild = read('.github/workflows/rebuild.yml');
    expect(rebuild).toContain("- cron: '*/10 * * * *'");
    expect(rebuild).toMatch(/repository_dispatch:\n {4}types: \[portal-publish\]/);
    expect(rebuild).toMatch(/^ {2}workflow_dispatch:/m);
    expect(rebuild).toMatch(/^concurrency:\n {2}group: \S+\n {2}cancel-in-progress: false/m);
    expect(rebuild).toMatch(/run: npm run rebuild\b/);
    expect(rebuild).toContain('PORTAL_API_BASE: ${{ secrets.PORTAL_API_BASE }}');
  });

  it('rebuild restores Astro cache dir before the build and saves it only after success', () => {
    const rebuild = read('.github/workflows/rebuild.yml');
    const restore = rebuild.indexOf('uses: actions/cache/restore@');
    const build = rebuild.indexOf('run: npm run rebuild');
    const save = rebuild.indexOf('uses: actions/cache/save@');
    expect(restore).toBeGreaterThan(0);
    expect(restore).toBeLessThan(build);
    expect(save).toBeGreaterThan(build);
    expect(rebuild.slice(save - 60, save)).toContain('if: success()');
    expect(rebuild.match(/path: node_modules\/\.astro$/gm)).toHaveLength(2);
  });
});
