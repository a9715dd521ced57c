/**
 * The engine text kept between builds (src/integrations/reader/spoken-cache.ts): a rebuild sends the engine the same
 * text as the build before it, from the memo, and a memo written by other code (its signature differs) is never used.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planReaderSite } from '../../src/integrations/reader/plan';
import { engineText } from '../../src/integrations/reader/pronunciation';
import { READER_DEFAULTS, readerSettings, type ResolvedReaderSettings } from '../../src/integrations/reader/settings';
import { readerManifestPath } from '../../src/lib/reader-path';
import { readSettings } from '../../src/settings';

let root = '';
let page = '';
let settings: ResolvedReaderSettings;
const TEXT = '保險理賠請於五日內通知。';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'reader-spoken-'));
  page = path.join(root, 'index.html');
  await writeFile(
    page,
    `<!doctype html><html lang="zh-Hant-TW"><body><main id="main" data-reader="${readerManifestPath('/news/detail/1')}"><article data-reader-text><p>${TEXT}</p></article></main></body></html>`,
  );
  settings = { ...readerSettings(readSettings({}), path.join(root, 'cache')), engine: 'espeak-ng-wasm', voice: READER_DEFAULTS.wasmVoice };
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const memoFile = () => path.join(settings.cacheDir, 'spoken-espeak-ng-wasm.json');

it('sends the engine the readings of the text, and the same text again on a rebuild', async () => {
  const first = await planReaderSite([page], settings);
  expect(first.pages[0]!.segments).toEqual([engineText(TEXT, 'espeak-ng-wasm')]);
  const second = await planReaderSite([page], settings);
  expect(second.pages[0]!.segments).toEqual(first.pages[0]!.segments);
});

it("takes a segment's text from the memo when the memo is this code's, and ignores a memo of other code", async () => {
  const memo = JSON.parse(await readFile(memoFile(), 'utf8')) as { signature: string; entries: Record<string, string> };
  const [key] = Object.keys(memo.entries);
  await writeFile(memoFile(), JSON.stringify({ signature: memo.signature, entries: { [key!]: 'kept from the last build' } }));
  expect((await planReaderSite([page], settings)).pages[0]!.segments).toEqual(['kept from the last build']);
  await writeFile(memoFile(), JSON.stringify({ signature: 'older code', entries: { [key!]: 'kept from the last build' } }));
  expect((await planReaderSite([page], settings)).pages[0]!.segments).toEqual([engineText(TEXT, 'espeak-ng-wasm')]);
});
