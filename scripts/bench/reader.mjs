#!/usr/bin/env node
/**
 * Benchmark of the audio reader (issue 7): synthesis time per page and total audio bytes.
 *
 * `benchReader({ distDir })` re-synthesizes every reader page of a built site (`distDir`, default dist/) into a
 * temporary folder with an empty cache (cold: every segment synthesized, as on a first build), then again with
 * that cache (warm: a rebuild without changes), with the engine settings of the build (READER_* variables). It
 * does not touch `distDir`. Returns `{ title, markdown, data }`: a Markdown table and the numbers (ms, bytes, s).
 * When no engine is available the table says why and `data.available` is false.
 *
 * Standalone: `node scripts/bench/reader.mjs [dist]` prints the table.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { probeEngine, readerSettingsFromEnv, synthesizeSite } from '../../src/integrations/reader-pipeline.ts';

const TITLE = 'Audio reader';

/** The `q` quantile (0–1) of numbers, nearest rank. */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
}

/** Bytes of the files under `dir` whose name ends with `suffix` (0 when `dir` does not exist). */
async function bytesUnder(dir, suffix) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(suffix)) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * @param {{ distDir: string }} options built site folder
 * @returns {Promise<{ title: string, markdown: string, data: Record<string, unknown> }>}
 */
export async function benchReader({ distDir }) {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-reader-'));
  try {
    const settings = readerSettingsFromEnv({ ...process.env, READER_CACHE_DIR: path.join(work, 'cache') }, path.join(work, 'cache'));
    const probe = probeEngine(settings);
    if (!probe.ok) {
      return { title: TITLE, markdown: `No speech engine: ${probe.reason}.`, data: { available: false, reason: probe.reason } };
    }
    const cold = await synthesizeSite({ distDir, settings, outDir: path.join(work, 'cold') });
    const warm = await synthesizeSite({ distDir, settings, outDir: path.join(work, 'warm') });
    const perPage = cold.perPage.map((page) => page.synthesisMs);
    const distAudioBytes = await bytesUnder(path.join(distDir, 'reader'), '.mp3');
    const data = {
      available: true,
      engine: settings.engine,
      voice: settings.engine === 'espeak-ng' ? settings.voice : undefined,
      bitrateKbps: settings.bitrateKbps,
      pages: cold.pages,
      segments: cold.segments,
      uniqueSegments: cold.uniqueSegments,
      audioSeconds: cold.audioSeconds,
      audioBytes: cold.audioBytes,
      distAudioBytes,
      coldWallMs: cold.wallMs,
      coldSynthesisMs: cold.synthesisMs,
      perPageMs: {
        mean: Math.round(perPage.reduce((sum, ms) => sum + ms, 0) / Math.max(1, perPage.length)),
        median: Math.round(quantile(perPage, 0.5)),
        p95: Math.round(quantile(perPage, 0.95)),
        max: Math.round(quantile(perPage, 1)),
      },
      warmWallMs: warm.wallMs,
      warmSynthesized: warm.synthesized,
    };
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const markdown = [
      '| measure | value |',
      '|---|---|',
      `| engine | ${data.engine}${data.voice ? ` (${data.voice})` : ''}, MP3 ${data.bitrateKbps} kbit/s mono |`,
      `| pages with audio | ${data.pages} (${data.segments} segments, ${data.uniqueSegments} distinct) |`,
      `| audio length | ${(data.audioSeconds / 60).toFixed(1)} min |`,
      `| audio bytes (all distinct segments) | ${mb(data.audioBytes)} (dist/reader: ${mb(distAudioBytes)}) |`,
      `| synthesis time per page, cold (engine + encoder, ms) | mean ${data.perPageMs.mean}, median ${data.perPageMs.median}, p95 ${data.perPageMs.p95}, max ${data.perPageMs.max} |`,
      `| whole site, cold cache (wall) | ${s(data.coldWallMs)} (${s(data.coldSynthesisMs)} summed over segments) |`,
      `| whole site, warm cache (wall) | ${s(data.warmWallMs)}, ${data.warmSynthesized} segments synthesized |`,
    ].join('\n');
    return { title: TITLE, markdown, data };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const distDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../../dist', import.meta.url)));
  const result = await benchReader({ distDir });
  console.log(`## ${result.title}\n\n${result.markdown}`);
}
