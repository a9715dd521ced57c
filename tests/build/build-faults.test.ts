/**
 * `npm run build` against a faulty portal (REFERENCE.md "Publishing rules": "a list that cannot be loaded fails the build"): every
 * fault mode of the sample portal makes the build exit non-zero with a message naming the endpoint (and, for a list
 * whose items break their schema, the items and fields; a single bad item is quarantined instead, REFERENCE.md "Publishing rules").
 * Runs the real build script, which starts the sample portal with SAMPLE_PORTAL_FAULTS. Each build gets an empty
 * snapshot folder: without a last good snapshot, a failing list fails the build. The reader is off
 * (READER_ENGINE=off): these builds stop while the lists load, long before any audio, and need no probe of its engine.
 * tests/build/publishing.test.ts covers the same faults with snapshots.
 */
import { describe, expect, it } from 'vitest';
import { runBuild } from './run-build';

const NEWS = '/api/PortalCorporateMessage/GetPutOnCorporateMessage';
const DECREES = '/api/PortalDecree/GetPutOnDecree';

const cases: [string, Record<string, unknown>, RegExp][] = [
  ['endpoint down', { news: 'down' }, new RegExp(`${NEWS}: network error`)],
  ['slow past the timeout', { decrees: { mode: 'slow', delayMs: 20000 } }, new RegExp(`${DECREES}: timed out after 1500 ms`)],
  ['HTTP 500', { news: 'http500' }, new RegExp(`${NEWS}: HTTP 500`)],
  ['non-20000 code', { decrees: 'code' }, new RegExp(`${DECREES}: portal code 50001`)],
  ['malformed JSON', { news: 'malformed' }, new RegExp(`${NEWS}: malformed answer`)],
  // One bad item is quarantined (tests/build/publishing.test.ts); more than half of a list refused fails it.
  [
    'items breaking the schema',
    { news: 'badItems' },
    new RegExp(`${NEWS}: list "news": \\d+ of \\d+ items break their schema, more than half.*item .+: field "\\w+`),
  ],
];

describe('the build fails on each portal fault', () => {
  it.each(cases)(
    '%s',
    async (_name, faults, message) => {
      const { code, output } = await runBuild({
        SAMPLE_PORTAL_FAULTS: JSON.stringify(faults),
        PORTAL_TIMEOUT_MS: '1500',
        READER_ENGINE: 'off',
      });
      expect(code).not.toBe(0);
      expect(output).toMatch(message);
    },
    120_000,
  );
});
