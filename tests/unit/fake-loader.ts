/**
 * The loader tests' stand-in for Astro's loader context (tests/unit/portal-loader.test.ts, portal-snapshots.test.ts,
 * portal-hostile-fallback.test.ts): an in-memory store, a logger that records warnings, a digest and a
 * meta store, and the portal loader of the news list run against it. The portal and the snapshot folder come from
 * the environment (PORTAL_API_BASE, PORTAL_SNAPSHOT_DIR), as in a build.
 */
import type { LoaderContext } from 'astro/loaders';
import { portalLoader } from '../../src/portal/loader';
import { articleSchema } from '../../src/portal/schemas';
import { readSettings } from '../../src/settings';

/** A loader context with an in-memory store that records warnings. */
export function fakeContext() {
  const entries = new Map<string, Record<string, unknown>>();
  const warnings: string[] = [];
  const context = {
    collection: 'news',
    store: {
      set: ({ id, data }: { id: string; data: Record<string, unknown> }) => {
        entries.set(id, data);
        return true;
      },
      clear: () => entries.clear(),
      keys: () => [...entries.keys()],
      values: () => [...entries].map(([id, data]) => ({ id, data })),
    },
    logger: { info: () => {}, warn: (message: string) => warnings.push(message), error: () => {}, debug: () => {} },
    generateDigest: (data: unknown) => JSON.stringify(data).length.toString(16),
    meta: new Map(),
  } as unknown as LoaderContext;
  return { context, entries, warnings };
}

/** Loads the news list; resolves the store, the warnings and the error (if any). */
export async function loadNews() {
  const { context, entries, warnings } = fakeContext();
  const error = await portalLoader('news', articleSchema, readSettings())
    .load(context)
    .then(
      () => undefined,
      (e: unknown) => e as Error,
    );
  return { entries, warnings, error };
}
