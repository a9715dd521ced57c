#!/usr/bin/env node
/**
 * `npm start`: builds the site if dist/ has none (or with `--rebuild`), then serves it at
 * http://localhost:4321 (PORT overrides) with the sample portal answering the browser's `/api/*` calls.
 * With PORTAL_API_BASE set, runtime calls go to that portal instead. SAMPLE_PORTAL_STRICT=1 makes the sample portal
 * answer only the endpoints of spec §7 (issue 13 item 5), for the build and the browser alike. Stops on Ctrl+C.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from './astro.mjs';
import { startSamplePortal } from './sample-portal/server.mjs';
import { serveSite } from './serve.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const port = Number(process.env.PORT ?? 4321);

if (process.argv.includes('--rebuild') || !existsSync(`${dist}index.html`)) {
  const code = await build();
  if (code !== 0) process.exit(code);
}

const portal = process.env.PORTAL_API_BASE ? null : await startSamplePortal({ port: 0 });
const portalUrl = process.env.PORTAL_API_BASE ?? portal.url;
const site = await serveSite({ dist, portalUrl, port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Site: http://localhost:${site.port}  (portal: ${portalUrl}${portal?.strict ? ', strict: spec §7 endpoints only' : ''})`);

const stop = async () => {
  await site.close();
  await portal?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
