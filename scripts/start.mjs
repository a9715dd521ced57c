#!/usr/bin/env node
/**
 * `npm start`: builds the site if dist/ has none (or with `--rebuild`), then serves it at
 * http://localhost:4321 (PORT overrides) with the sample portal answering the browser's `/api/*` calls, with the
 * production headers and redirects (scripts/serve.mjs).
 * `npm run preview` (`--preview`): the same server over the build already in dist/, never building; without one it
 * says so and exits 1.
 * With PORTAL_API_BASE set, runtime calls go to that portal instead, and neither the build nor the server loads the
 * sample portal: a production install (`npm install --omit=dev`) runs it; without it, the sample
 * portal needs the devDependencies of a plain `npm install`. SAMPLE_PORTAL_STRICT=1 makes the sample portal answer
 * only the endpoints of REFERENCE.md "Portal API", for the build and the browser alike. Stops on Ctrl+C.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, importSamplePortal } from './astro.mjs';
import { serveSite } from './serve.mjs';
import { readSettings } from '../src/settings.ts';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** This entry point's settings (src/settings.ts), read once: PORT, HOST, PORTAL_API_BASE, the build's and the sample portal's. */
const settings = readSettings();
const port = settings.PORT;

/** Prints why `npm start` cannot go on (e.g. no sample portal in a production install) and exits 1. */
function fail(error) {
  console.error(`✖ ${error.message}`);
  process.exit(1);
}

/** `npm run preview`: serve what dist/ holds, build nothing. */
const preview = process.argv.includes('--preview');
const built = existsSync(`${dist}index.html`);

if (preview && !built) {
  fail(
    new Error(
      'No built site in dist/: `npm run preview` serves an existing build. Run `npm run build` first (or `npm start`, which builds when dist/ is empty).',
    ),
  );
}
if (!preview && (process.argv.includes('--rebuild') || !built)) {
  const code = await build([], { settings }).catch(fail);
  if (code !== 0) process.exit(code);
}

/** The sample portal answering `/api/*`, or null with PORTAL_API_BASE set. */
async function samplePortal() {
  if (settings.PORTAL_API_BASE) return null;
  return (await importSamplePortal()).startSamplePortal({ port: 0, settings });
}

const portal = await samplePortal().catch(fail);
const portalUrl = settings.PORTAL_API_BASE || portal.url;
const site = await serveSite({ dist, portalUrl, port, host: settings.HOST }).catch(fail);
console.log(
  `Site: http://localhost:${site.port}  (portal: ${portalUrl}${portal?.strict ? ', strict: REFERENCE.md "Portal API" endpoints only' : ''})`,
);

const stop = async () => {
  await site.close();
  await portal?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
