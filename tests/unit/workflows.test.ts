/**
 * The GitHub Actions workflows: action-validator accepts both and rejects a broken one (so the
 * `npm test` lint step can fail); CI runs the same entry point as a fresh machine (.ci/run); the rebuild workflow
 * runs on a 10-minute schedule, on the portal's dispatch and by hand, one run at a time, keeps Astro's cache with
 * the portal snapshots between runs, builds against the PORTAL_API_BASE secret and goes through `npm run rebuild`
 * (the local pipeline), so local and CI are one path. The workflows are read as parsed YAML (the `yaml` package), so
 * the checks hold whatever the indentation or quoting.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lintWorkflows, workflowFiles } from '../../scripts/lint-workflows.mjs';
import { packagesFor, systemPackages } from '../../scripts/system-packages.mjs';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** One step of a job, as GitHub Actions reads it. */
interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** The parts of a workflow these tests read. */
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: Record<string, unknown>;
  jobs: Record<string, { steps: Step[] }>;
}

/** A workflow of .github/workflows, parsed (YAML 1.2: `on` is a key, not a boolean). */
const workflow = (name: string): Workflow => parse(read(`.github/workflows/${name}`)) as Workflow;

/** The steps of a workflow's one job. */
function steps(name: string): Step[] {
  const jobs = Object.values(workflow(name).jobs);
  expect(jobs, `${name} has one job`).toHaveLength(1);
  return jobs[0].steps;
}

/** The position of the one step that matches, failing when none or several do. */
function stepIndex(all: Step[], matches: (step: Step) => boolean, what: string): number {
  const found = all.flatMap((step, index) => (matches(step) ? [index] : []));
  expect(found, what).toHaveLength(1);
  return found[0];
}

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
  it('CI runs .ci/run (system packages, npm ci, npm test) on push and pull request', () => {
    expect(Object.keys(workflow('ci.yml').on)).toEqual(['push', 'pull_request']);
    stepIndex(steps('ci.yml'), (step) => step.run === '.ci/run', 'one step runs .ci/run');
    const run = read('.ci/run');
    expect(run).toContain('scripts/system-packages.sh --missing tests');
    expect(run).toMatch(/^npm ci --no-audit --no-fund\nnpm run doctor -- --for tests\nnpm test$/m);
  });

  it("the lock file agrees with package.json and lists the other platforms' binaries (npm ci installs it anywhere)", () => {
    const manifest = JSON.parse(read('package.json')) as Record<'dependencies' | 'devDependencies', Record<string, string>>;
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>;
    };
    const root = lock.packages[''];
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
    for (const name of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]) {
      expect(lock.packages[`node_modules/${name}`], `${name} is locked`).toBeDefined();
    }
    // Optional binaries of platforms other than this one: without them npm ci fails on those machines.
    for (const binary of ['@img/sharp-darwin-arm64', '@img/sharp-linux-x64', '@biomejs/cli-darwin-arm64', '@biomejs/cli-linux-x64']) {
      expect(lock.packages[`node_modules/${binary}`], `${binary} is in the lock`).toBeDefined();
    }
  });

  it("no workflow, .ci/run or test runner keeps its own list of the project's Debian packages (one list: scripts/system-packages.txt)", () => {
    const listed = systemPackages().map((pkg) => pkg.name);
    for (const file of ['.ci/run', '.github/workflows/ci.yml', '.github/workflows/rebuild.yml', 'scripts/test.mjs']) {
      const text = read(file)
        .split('\n')
        .filter((line) => /apt-get|missing/.test(line) && !line.trimStart().startsWith('#'))
        .join('\n');
      expect(
        listed.filter((pkg) => new RegExp(`(^|[\\s(])${pkg}([\\s)]|$)`, 'm').test(text)),
        file,
      ).toEqual([]);
    }
  });

  it("rebuild installs the packages of purpose publish, with the reader's engine, and checks them before building", () => {
    const all = steps('rebuild.yml');
    const install = stepIndex(all, (step) => step.run?.includes('$(scripts/system-packages.sh publish)') ?? false, 'the install step');
    expect(packagesFor(['publish']).map((pkg) => pkg.name)).toEqual(expect.arrayContaining(['espeak-ng', 'lame', 'nginx', 'rsync']));
    const doctor = stepIndex(all, (step) => step.run === 'npm run doctor -- --for publish', 'the doctor step');
    const rebuild = stepIndex(all, (step) => /^npm run rebuild\b/.test(step.run ?? ''), 'the rebuild step');
    expect(doctor).toBeGreaterThan(install);
    expect(doctor).toBeLessThan(rebuild);
  });

  it('rebuild runs every 10 minutes, on portal-publish dispatch and by hand, one at a time, through npm run rebuild', () => {
    const { on, concurrency } = workflow('rebuild.yml');
    expect(on.schedule).toEqual([{ cron: '*/10 * * * *' }]);
    expect(on.repository_dispatch).toEqual({ types: ['portal-publish'] });
    expect(on).toHaveProperty('workflow_dispatch');
    expect(concurrency).toEqual({ group: expect.any(String), 'cancel-in-progress': false });
    const all = steps('rebuild.yml');
    const rebuild = all[stepIndex(all, (step) => /^npm run rebuild\b/.test(step.run ?? ''), 'the rebuild step')];
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow's own expression syntax, not a template.
    expect(rebuild.env?.PORTAL_API_BASE).toBe('${{ secrets.PORTAL_API_BASE }}');
  });

  it("rebuild installs without devDependencies, and both workflows keep npm's cache", () => {
    const all = steps('rebuild.yml');
    const install = all[stepIndex(all, (step) => /^npm ci\b/.test(step.run ?? ''), 'the npm ci step')];
    expect(install.run).toBe('npm ci --omit=dev --no-audit --no-fund');
    for (const file of ['ci.yml', 'rebuild.yml']) {
      const node = steps(file).find((step) => step.uses?.startsWith('actions/setup-node@'));
      expect(node?.with, file).toMatchObject({ 'node-version': 24, cache: 'npm' });
    }
  });

  it('rebuild restores Astro cache dir before the build and saves it only after success', () => {
    const all = steps('rebuild.yml');
    const restore = stepIndex(all, (step) => step.uses?.startsWith('actions/cache/restore@') ?? false, 'the cache restore');
    const build = stepIndex(all, (step) => /^npm run rebuild\b/.test(step.run ?? ''), 'the rebuild step');
    const save = stepIndex(all, (step) => step.uses?.startsWith('actions/cache/save@') ?? false, 'the cache save');
    expect(restore).toBeLessThan(build);
    expect(save).toBeGreaterThan(build);
    expect(all[save].if).toBe('success()');
    expect([all[restore].with?.path, all[save].with?.path]).toEqual(['node_modules/.astro', 'node_modules/.astro']);
  });
});
