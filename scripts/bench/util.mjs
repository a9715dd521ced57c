/**
 * Shared helpers of the benchmark (scripts/bench/index.mjs): paths, Markdown tables, number formats, the machine
 * description, the peak memory of a process tree, and a served copy of a built site with the sample portal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSamplePortal } from '../sample-portal/server.mjs';
import { serveSite } from '../serve.mjs';
import { startNginx } from '../lib/nginx.mjs';

/** Repository root (absolute path, no trailing slash). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** The worktree's own build output, used by the page sections when the build section did not run. */
export const DEFAULT_DIST = path.join(ROOT, 'dist');

/** Where the report goes (git-ignored). */
export const RESULTS_DIR = path.join(ROOT, 'bench-results');

/**
 * A Markdown table.
 * @param {string[]} header column titles
 * @param {Array<Array<string | number>>} rows cells (already formatted)
 * @returns {string}
 */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Bytes → `12.3 KB` (1 KB = 1024 bytes). */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** Milliseconds → `1.23 s`. */
export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** Median of numbers (NaN for none). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One line naming the machine: CPU count and model, memory, OS, Node. */
export function machine() {
  let distro = os.type();
  try {
    distro = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? distro;
  } catch {
    // not Linux: keep os.type()
  }
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${distro}, Node ${process.versions.node}`;
}

/** Resident set size (bytes) of a process and all its descendants, from /proc (Linux); 0 when unreadable. */
export function treeRss(pid) {
  let total = 0;
  const visit = (id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        if (children) for (const child of children.split(/\s+/)) visit(child);
      }
    } catch {
      // the process ended between two reads
    }
  };
  visit(pid);
  return total;
}

/**
 * Serves a built site on loopback with the sample portal behind `/api`, the way production does: by default
 * nginx with the build's generated `nginx.conf` (gzip, cache headers, redirects; scripts/lib/nginx.mjs); with
 * `host: 'node'` the plain Node server of `npm start` (scripts/serve.mjs: no compression, no cache headers).
 * @param {string} dist built site folder
 * @param {{ host?: 'nginx' | 'node', notifications?: 'all' | 'no-dialog' | 'none', tls?: boolean }} [options]
 *   notifications: what the sample portal answers (the home page's category-1 dialog covers the page; see its
 *   README); tls (nginx only): HTTPS with HTTP/2 and a throwaway self-signed certificate, so a browser needs
 *   --ignore-certificate-errors
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function serveBuilt(dist, { host = 'nginx', notifications = 'all', tls = false } = {}) {
  const portal = await startSamplePortal({ port: 0, notifications });
  const site = host === 'nginx' ? await startNginx({ dist, portalUrl: portal.url, tls }) : await serveSite({ dist, portalUrl: portal.url });
  return {
    url: site.url,
    close: async () => {
      await site.close();
      await portal.close();
    },
  };
}
