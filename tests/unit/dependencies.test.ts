/**
 * Dependencies stay current and the declared Node matches what the project runs: Dependabot opens one grouped pull
 * request a week for npm and one for the GitHub Actions (each runs ci.yml, so an update that breaks the site does not
 * land), and package.json's `engines` asks for the Node whose type stripping runs the scripts' `.ts` imports without
 * a flag (Node 22.18; earlier 22.x releases fail on `node scripts/…` with ERR_UNKNOWN_FILE_EXTENSION).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The first Node 22 release that strips TypeScript types by default (a `.ts` import runs under plain `node`). */
const TYPE_STRIPPING_NODE = '22.18.0';

/** One `updates` entry of .github/dependabot.yml, as these tests read it. */
interface Update {
  'package-ecosystem': string;
  directory: string;
  schedule: { interval: string };
  groups?: Record<string, { 'update-types'?: string[]; patterns?: string[] }>;
}

describe('dependency updates (.github/dependabot.yml)', () => {
  const config = parse(read('.github/dependabot.yml')) as { version: number; updates: Update[] };

  it('checks npm and the GitHub Actions every week, from the repository root', () => {
    expect(config.version).toBe(2);
    const ecosystems = config.updates.map((update) => update['package-ecosystem']).sort();
    expect(ecosystems).toEqual(['github-actions', 'npm']);
    for (const update of config.updates) {
      expect(update.directory, update['package-ecosystem']).toBe('/');
      expect(update.schedule.interval, update['package-ecosystem']).toBe('weekly');
    }
  });

  it('groups the updates, so a week brings one pull request per kind instead of one per package', () => {
    for (const update of config.updates) {
      const groups = Object.values(update.groups ?? {});
      expect(groups.length, `${update['package-ecosystem']} has groups`).toBeGreaterThan(0);
      const covered = groups.flatMap((group) => [...(group['update-types'] ?? []), ...(group.patterns ?? [])]);
      // Every update falls in a group: all patterns, or minor, patch and major update types.
      expect(covered.includes('*') || ['major', 'minor', 'patch'].every((type) => covered.includes(type)), update['package-ecosystem']).toBe(true);
    }
  });
});

describe('engines', () => {
  const scriptsImportTypeScript = readdirSync(join(root, 'scripts'))
    .filter((file) => file.endsWith('.mjs'))
    .some((file) => /from '[^']+\.ts'/.test(read(`scripts/${file}`)));

  it(`asks for Node ${TYPE_STRIPPING_NODE} or later when a script imports TypeScript`, () => {
    expect(scriptsImportTypeScript, 'the scripts import .ts modules (else this rule is moot)').toBe(true);
    const range = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    // The project declares a plain lower bound (`>=22.18`); another form would need a range parser here.
    const lower = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range);
    expect(lower, `engines.node ${range} is a lower bound`).not.toBeNull();
    const declared = lower!.slice(1).map((part) => Number(part ?? 0));
    const needed = TYPE_STRIPPING_NODE.split('.').map(Number);
    const compare = declared.map((part, index) => part - needed[index]!).find((difference) => difference !== 0) ?? 0;
    expect(compare, `engines.node ${range} ≥ ${TYPE_STRIPPING_NODE}`).toBeGreaterThanOrEqual(0);
  });
});
