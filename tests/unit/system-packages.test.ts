/**
 * The one list of Debian packages (scripts/system-packages.txt) and `npm run doctor`: the shell reader
 * that .ci/run and the workflows use and the Node reader that npm test and the doctor use agree; every package names
 * a capability the doctor checks; a machine missing a capability is told the exact package, checked by hiding the
 * capability (a font-less fontconfig, a missing program) rather than by command names.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../scripts/doctor.mjs';
import { packagesFor, systemPackages } from '../../scripts/system-packages.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shellList = (...purposes: string[]) =>
  execFileSync('sh', [join(root, 'scripts/system-packages.sh'), ...purposes], { encoding: 'utf8' })
    .trim()
    .split(/\s+/);

describe('the package list', () => {
  it.each([['tests'], ['reader'], ['publish'], ['reader', 'publish']])('the shell and Node readers agree for %s', (...purposes) => {
    expect(shellList(...purposes)).toEqual(packagesFor(purposes).map((pkg) => pkg.name));
  });

  it('tests get sox with its MP3 handler, the reader espeak-ng and lame', () => {
    expect(packagesFor(['tests']).map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining(['sox', 'libsox-fmt-mp3', 'chromium-headless-shell', 'fonts-noto-cjk']),
    );
    expect(packagesFor(['reader']).map((pkg) => pkg.name)).toEqual(['espeak-ng', 'lame']);
  });

  it('every package names a capability that the doctor checks', () => {
    for (const pkg of systemPackages()) expect(Object.keys(CAPABILITIES), pkg.name).toContain(pkg.capability);
  });

  it('an unknown purpose is refused by both readers', () => {
    expect(() => packagesFor(['browser'])).toThrow(/Unknown purpose "browser"/);
    expect(spawnSync('sh', [join(root, 'scripts/system-packages.sh'), 'browser']).status).toBe(2);
  });
});

describe('npm run doctor', () => {
  const doctor = (env: Record<string, string>, purposes = 'tests') =>
    spawnSync(process.execPath, [join(root, 'scripts/doctor.mjs'), '--for', purposes], { encoding: 'utf8', env: { ...process.env, ...env } });

  it('passes on this machine (the test runner installed the list)', () => {
    const result = doctor({});
    expect(result.stdout).not.toContain('✖');
    expect(result.status).toBe(0);
  });

  it('without a CJK font, Chromium still starts but the CJK check fails and names fonts-noto-cjk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fontconfig-'));
    writeFileSync(join(dir, 'fonts.conf'), `<?xml version="1.0"?><fontconfig><dir>${dir}</dir><cachedir>${dir}/cache</cachedir></fontconfig>`);
    const result = doctor({ FONTCONFIG_FILE: join(dir, 'fonts.conf') });
    expect(result.stdout).toMatch(/✔ Chromium starts headless/);
    expect(result.stdout).toMatch(/✖ Chromium renders a CJK glyph.*apt-get install fonts-noto-cjk/);
    expect(result.status).toBe(1);
  }, 60_000);

  it('a missing sox fails both sox checks, naming sox and its MP3 handler', () => {
    const result = doctor({ SOX_PATH: '/nonexistent/sox' });
    expect(result.stdout).toMatch(/✖ sox runs.*apt-get install sox$/m);
    expect(result.stdout).toMatch(/✖ sox writes and soxi reads an MP3.*apt-get install libsox-fmt-mp3$/m);
    expect(result.stdout).toMatch(/apt-get install --no-install-recommends sox libsox-fmt-mp3$/m);
    expect(result.status).toBe(1);
  }, 60_000);

  it('an unknown espeak-ng voice fails the voice check; for the reader alone it is optional (WebAssembly engine)', () => {
    const tests = doctor({ READER_VOICE: 'qqq' });
    expect(tests.stdout).toMatch(/✖ espeak-ng speaks the audio reader's voice: voice qqq/);
    const reader = doctor({ READER_VOICE: 'qqq' }, 'reader');
    expect(reader.stdout).toMatch(/○ espeak-ng speaks the audio reader's voice.*optional/);
    expect(reader.status).toBe(0);
  }, 60_000);
});
