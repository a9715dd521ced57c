/**
 * Benchmark section "nginx" (how many visitors one nginx worker serves): requests per second on `/` from nginx with
 * one worker (scripts/lib/nginx.mjs), loaded by autocannon over loopback, for a browser that accepts brotli and gzip,
 * one that accepts gzip only and one that accepts neither; once with the build's gzip and brotli copies
 * (src/integrations/precompress.ts: `gzip_static`, `brotli_static`) and once without them, when nginx compresses
 * each answer on the fly (the include's `gzip on`, level 6), as every page was before the copies.
 *
 * The pages, the include and the error pages come from `--dist` (its `/`, `404.html`, `500.html`, `nginx.conf`),
 * copied into a folder of their own per case; the copies are made here with the build's own precompressSite. The
 * load generator shares the 2 cores with nginx, so the figures are a floor. Target: THROUGHPUT_TARGET_RPS on `/`
 * with compression, one worker.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { precompressSite } from '../../src/integrations/precompress.ts';
import { startNginx } from '../lib/nginx.mjs';
import { table } from './util.mjs';

/** Requests a second nginx must answer on `/` with compression, with one worker (the target). */
export const THROUGHPUT_TARGET_RPS = 2_500;
/** Seconds of load per case, and connections kept open. */
const DURATION_S = 8;
const CONNECTIONS = 16;
/** What each browser says it accepts. */
const CLIENTS = [
  ['brotli and gzip', 'gzip, deflate, br'],
  ['gzip only', 'gzip, deflate'],
  ['none', ''],
];

/** Copies the files one page needs into a new folder; with `copies`, also its gzip and brotli copies. */
async function pageFolder(dist, copies) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  for (const file of ['index.html', '404.html', '500.html', 'nginx.conf']) copyFileSync(path.join(dist, file), path.join(dir, file));
  if (copies) await precompressSite(dir);
  return dir;
}

/** autocannon on `url` with `accept`: requests/s (mean), bytes a request, and answers other than 2xx. */
async function load(url, accept) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: accept ? { 'accept-encoding': accept } : {},
  });
  return {
    rps: Math.round(result.requests.average),
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Runs the section.
 * @param {{ dist: string, log: (line: string) => void }} options
 * @returns {Promise<{ title: string, markdown: string, data: object }>}
 */
export async function benchNginx({ dist, log }) {
  const rows = [];
  const data = [];
  for (const [label, copies] of [
    ['build-time copies (gzip_static, brotli_static)', true],
    ['on the fly (gzip level 6)', false],
  ]) {
    const dir = await pageFolder(dist, copies);
    const nginx = await startNginx({ dist: dir, portalUrl: 'http://127.0.0.1:9' });
    try {
      for (const [client, accept] of CLIENTS) {
        log(`nginx: ${label}, ${client}`);
        const figures = await load(`${nginx.url}/`, accept);
        data.push({ copies, client, ...figures });
        rows.push([label, client, String(figures.rps), String(figures.bytes), String(figures.errors)]);
      }
    } finally {
      await nginx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const markdown = `${table(['answers', 'browser accepts', 'requests/s', 'bytes/answer', 'errors'], rows)}\n\nnginx 1 worker, autocannon ${CONNECTIONS} connections × ${DURATION_S} s on \`/\` over loopback (same 2 cores); target ≥ ${THROUGHPUT_TARGET_RPS} requests/s with compression.`;
  return { title: 'nginx: requests per second on / (one worker)', markdown, data };
}
