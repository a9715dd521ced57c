#!/usr/bin/env node
/**
 * `npm run doctor [-- --for tests,reader,publish]`: checks what this machine can *do* for the project, not which
 * commands exist (a command can be there and still fail, e.g. sox without MP3 support): soxi reads an MP3, espeak-ng
 * speaks the reader's voice, nginx takes `http2` and `gzip_static`, Chromium starts and renders a CJK glyph, Java runs
 * the W3C checker… For each capability that is missing it prints the exact Debian package that provides it, from the
 * one list scripts/system-packages.txt (each package line names the capability that proves it). Without `--for`, every
 * purpose of the list is checked.
 *
 * Exit code: 0 when every checked capability works, 1 when one is missing, 2 on a bad argument.
 * Used by `.ci/run` after installing and by `npm test` (scripts/test.mjs) before its first step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packagesFor, systemPackages } from './system-packages.mjs';
import { BROTLI_STATIC_MODULE, brotliStaticModule, CHROMIUM_ARGS } from './lib/system.mjs';
import { makeTestCertificate } from './lib/nginx.mjs';
import { startSshd } from './lib/sshd.mjs';
import { readSettings } from '../src/settings.ts';

/** The programs' paths and the reader's voice (src/settings.ts). */
const settings = readSettings();

const root = fileURLToPath(new URL('..', import.meta.url));

/** The W3C Nu checker's jar (npm package vnu-jar). */
const VNU_JAR = path.join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');

/** A CJK glyph pair drawn by the Chromium check: with a CJK font they differ, without one both are the same box. */
const CJK_GLYPHS = ['和', '泰'];

/**
 * Runs a program; `{ ok, output }` with ok when it exits 0 (a program that is not installed is not ok).
 * @param {string} program
 * @param {string[]} args
 */
function run(program, args) {
  const result = spawnSync(program, args, { encoding: 'utf8', timeout: 60_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error.message) : ''}`.trim();
  return { ok: result.status === 0, output };
}

/** Size of `file` in bytes, 0 when it does not exist. */
function sizeOf(file) {
  return existsSync(file) ? statSync(file).size : 0;
}

/**
 * A 0.2 s 440 Hz tone as a 16-bit mono 16 kHz WAV file (input for the encoder check, made without any program).
 * @param {string} file
 */
function writeToneWav(file) {
  const rate = 16_000;
  const samples = rate / 5;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]));
}

/** The voice the audio reader asks Debian's espeak-ng for (READER_VOICE, else the pipeline's default for it). */
async function readerVoice() {
  if (settings.READER_VOICE) return settings.READER_VOICE;
  const { READER_DEFAULTS } = await import(pathToFileURL(path.join(root, 'src/integrations/reader/settings.ts')).href);
  return READER_DEFAULTS.nativeVoice;
}

/**
 * Chromium checks share one browser: `chromium-start` (it starts headless and runs a page) and `cjk-glyph` (two
 * different CJK characters drawn on a canvas give different pixels, so a CJK font is there).
 * @returns {Promise<{ start: { ok: boolean, detail: string }, cjk: { ok: boolean, detail: string } }>}
 */
async function chromiumChecks() {
  const executablePath = settings.CHROME_PATH;
  let playwright;
  try {
    playwright = await import('playwright-core');
  } catch {
    const detail = 'playwright-core is not installed: run npm install first';
    return { start: { ok: false, detail }, cjk: { ok: false, detail } };
  }
  let browser;
  try {
    browser = await playwright.chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 });
  } catch (error) {
    const detail = `${executablePath} does not start: ${String(error.message).split('\n')[0]}`;
    return { start: { ok: false, detail }, cjk: { ok: false, detail: 'needs Chromium' } };
  }
  try {
    const page = await browser.newPage();
    const drawn = await page.evaluate((glyphs) => {
      const draw = (glyph) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 64;
        const context = canvas.getContext('2d');
        context.font = '48px sans-serif';
        context.fillText(glyph, 4, 52);
        return Array.from(context.getImageData(0, 0, 64, 64).data);
      };
      const [a, b] = glyphs.map(draw);
      return { inked: a.some((v) => v !== 0), same: a.every((v, i) => v === b[i]) };
    }, CJK_GLYPHS);
    const version = browser.version();
    const cjk =
      drawn.inked && !drawn.same
        ? { ok: true, detail: `${CJK_GLYPHS.join('')} drawn with a CJK font` }
        : { ok: false, detail: `${CJK_GLYPHS.join(' and ')} draw as the same box: no CJK font` };
    return { start: { ok: true, detail: `Chromium ${version}` }, cjk };
  } finally {
    await browser.close();
  }
}

/**
 * Every capability check, by the id the package list names.
 * @type {Record<string, { title: string, check: (work: string) => Promise<{ ok: boolean, detail: string }> }>}
 */
export const CAPABILITIES = {
  'espeak-voice': {
    title: "espeak-ng speaks the audio reader's voice",
    async check(work) {
      const voice = await readerVoice();
      const wav = path.join(work, 'voice.wav');
      const result = run(settings.READER_ESPEAK_NG, ['-v', voice, '-w', wav, '你好']);
      const ok = result.ok && sizeOf(wav) > 1000 && !/does not exist|unknown/i.test(result.output);
      return { ok, detail: ok ? `voice ${voice}` : `voice ${voice}: ${result.output || 'no speech written'}` };
    },
  },
  'lame-mp3': {
    title: 'lame encodes MP3',
    async check(work) {
      const wav = path.join(work, 'tone.wav');
      const mp3 = path.join(work, 'tone-lame.mp3');
      writeToneWav(wav);
      const result = run(settings.READER_LAME, ['--quiet', '-m', 'm', wav, mp3]);
      const ok = result.ok && sizeOf(mp3) > 0;
      return { ok, detail: ok ? 'encoded a tone' : result.output || 'no MP3 written' };
    },
  },
  'chromium-start': { title: 'Chromium starts headless', check: async () => (await chromiumChecks.cached()).start },
  'cjk-glyph': { title: 'Chromium renders a CJK glyph', check: async () => (await chromiumChecks.cached()).cjk },
  'nginx-features': {
    title: 'nginx takes http2 and gzip_static',
    async check(work) {
      const nginx = settings.NGINX_PATH;
      for (const dir of ['logs', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) spawnSync('mkdir', ['-p', path.join(work, dir)]);
      const conf = path.join(work, 'nginx.conf');
      writeFileSync(
        conf,
        `pid ${work}/nginx.pid;
error_log ${work}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  server { listen 127.0.0.1:1 http2; gzip on; gzip_static on; root ${work}; }
}
`,
      );
      const result = run(nginx, ['-t', '-p', work, '-c', conf]);
      return { ok: result.ok, detail: result.ok ? 'configuration accepted' : result.output.split('\n')[0] || `${nginx} not found` };
    },
  },
  'nginx-brotli': {
    title: "nginx loads Debian's brotli_static module (the include's brotli copies)",
    async check(work) {
      const module = brotliStaticModule();
      if (!module) return { ok: false, detail: `${BROTLI_STATIC_MODULE} is missing` };
      for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) spawnSync('mkdir', ['-p', path.join(work, 'brotli', dir)]);
      const prefix = path.join(work, 'brotli');
      const conf = path.join(prefix, 'nginx.conf');
      writeFileSync(
        conf,
        `load_module ${module};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server { listen 127.0.0.1:1; brotli_static on; root ${prefix}; }
}
`,
      );
      const result = run(settings.NGINX_PATH, ['-t', '-p', prefix, '-c', conf]);
      return { ok: result.ok, detail: result.ok ? 'module loaded, brotli_static accepted' : result.output.split('\n')[0] };
    },
  },
  'java-vnu': {
    title: 'Java runs the W3C HTML checker (vnu)',
    async check() {
      if (!existsSync(VNU_JAR)) return { ok: false, detail: 'vnu-jar is not installed: run npm install first' };
      const result = run(settings.JAVA_PATH, ['-jar', VNU_JAR, '--version']);
      return { ok: result.ok, detail: result.ok ? `vnu ${result.output}` : result.output.split('\n')[0] || 'java not found' };
    },
  },
  'openssl-cert': {
    title: 'openssl makes a test certificate (HTTPS tests)',
    async check(work) {
      // The certificate the HTTPS tests make (scripts/lib/nginx.mjs), made the same way.
      try {
        makeTestCertificate(path.join(work, 'cert.pem'), path.join(work, 'key.pem'));
        return { ok: true, detail: 'certificate made' };
      } catch (error) {
        return { ok: false, detail: String(error.message).split('\n')[0] };
      }
    },
  },
  'sox-run': {
    title: 'sox runs',
    async check() {
      const result = run(settings.SOX_PATH, ['--version']);
      return { ok: result.ok, detail: result.ok ? result.output.split('\n')[0] : 'sox not found' };
    },
  },
  'sox-mp3': {
    title: 'sox writes and soxi reads an MP3',
    async check(work) {
      const sox = settings.SOX_PATH;
      const mp3 = path.join(work, 'tone-sox.mp3');
      const made = run(sox, ['-n', '-r', '16000', '-c', '1', mp3, 'synth', '0.2', 'sine', '440']);
      if (!made.ok) return { ok: false, detail: made.output.split('\n')[0] || 'sox not found' };
      const read = run(path.join(path.dirname(sox.includes('/') ? sox : '/usr/bin/sox'), 'soxi'), ['-D', mp3]);
      const ok = read.ok && Number(read.output) > 0;
      return { ok, detail: ok ? `read ${read.output} s` : read.output.split('\n')[0] };
    },
  },
  'rsync-run': {
    title: 'rsync runs (deploys to a folder or host)',
    async check() {
      const result = run('rsync', ['--version']);
      return { ok: result.ok, detail: result.ok ? result.output.split('\n')[0] : 'rsync not found' };
    },
  },
  'ssh-run': {
    title: 'ssh runs (deploys to a server)',
    async check() {
      const result = run('ssh', ['-V']);
      return { ok: result.ok, detail: result.ok ? result.output.split('\n')[0] : 'ssh not found' };
    },
  },
  'sshd-login': {
    title: 'sshd starts on 127.0.0.1 and lets in a throwaway key, rsync answers through it (deploy tests)',
    async check(work) {
      const sshd = await startSshd();
      try {
        const key = path.join(work, 'sshd-client-key');
        writeFileSync(key, sshd.privateKey, { mode: 0o600 });
        writeFileSync(path.join(work, 'sshd-known-hosts'), `${sshd.knownHosts}\n`);
        const result = run('ssh', [
          ...['-o', 'BatchMode=yes', '-i', key, '-o', 'IdentitiesOnly=yes', '-o', 'StrictHostKeyChecking=yes'],
          ...['-o', `UserKnownHostsFile=${path.join(work, 'sshd-known-hosts')}`, '-p', String(sshd.port), `${sshd.user}@${sshd.host}`],
          'rsync --version',
        ]);
        return { ok: result.ok, detail: result.ok ? `logged in, ${result.output.split('\n')[0]}` : result.output.split('\n').at(-1) };
      } finally {
        await sshd.close();
      }
    },
  },
};

/** One browser for both Chromium checks. */
chromiumChecks.cached = (() => {
  let pending;
  return () => (pending ??= chromiumChecks());
})();

/**
 * Checks the capabilities of the packages of `purposes`.
 * @param {string[]} purposes e.g. ['tests']
 * @returns {Promise<{ capability: string, title: string, packages: string[], optional: boolean, ok: boolean, detail: string }[]>}
 *   one row per capability, in the list's order; `packages` provide it (what to install when it fails); `optional`
 *   when only the reader's fast engine needs it and `tests` is not asked for (the build then uses the reader's
 *   WebAssembly engine)
 * @throws {Error} on an unknown purpose, or a capability id of the list that this file does not define
 */
export async function checkCapabilities(purposes) {
  const wanted = packagesFor(purposes);
  const work = mkdtempSync(path.join(tmpdir(), 'doctor-'));
  try {
    const rows = [];
    for (const capability of [...new Set(wanted.map((pkg) => pkg.capability))]) {
      const definition = CAPABILITIES[capability];
      if (!definition) throw new Error(`scripts/system-packages.txt names capability "${capability}", which scripts/doctor.mjs does not check.`);
      const packages = wanted.filter((pkg) => pkg.capability === capability);
      // The reader's Debian programs are only faster than its WebAssembly engine, except for the tests, which test both.
      const optional = packages.every((pkg) => pkg.purposes.includes('reader')) && !purposes.includes('tests');
      let result;
      try {
        result = await definition.check(work);
      } catch (error) {
        result = { ok: false, detail: String(error?.message ?? error).split('\n')[0] };
      }
      rows.push({ capability, title: definition.title, packages: packages.map((pkg) => pkg.name), optional, ...result });
    }
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Prints the rows and, when some failed, the apt-get line that provides them.
 * @param {Awaited<ReturnType<typeof checkCapabilities>>} rows
 * @returns {boolean} whether every required capability works
 */
export function report(rows) {
  for (const row of rows) {
    const mark = row.ok ? '✔' : row.optional ? '○' : '✖';
    const fix = row.ok
      ? ''
      : `  → apt-get install ${row.packages.join(' ')}${row.optional ? ' (optional: without it the audio reader uses its slower WebAssembly engine)' : ''}`;
    console.log(`${mark} ${row.title}: ${row.detail}${fix}`);
  }
  const missing = rows.filter((row) => !row.ok && !row.optional);
  if (missing.length > 0) {
    const packages = [...new Set(missing.flatMap((row) => row.packages))];
    console.log(
      `\n${missing.length} capability(ies) missing. On Debian, as root: apt-get update && apt-get install --no-install-recommends ${packages.join(' ')}`,
    );
  }
  return missing.length === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const forIndex = process.argv.indexOf('--for');
  const purposes =
    forIndex > 0 ? (process.argv[forIndex + 1] ?? '').split(',').filter(Boolean) : [...new Set(systemPackages().flatMap((pkg) => pkg.purposes))];
  try {
    const rows = await checkCapabilities(purposes);
    process.exit(report(rows) ? 0 : 1);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
}
