/**
 * The build's hand-overs to the pages without a process-wide registry: the code of the virtual modules
 * `virtual:insurer/images` (src/integrations/images.ts imageManifestPlugin: the manifest written into the code, in
 * the order prepareImages gave, `{}` before the image step) and `virtual:insurer/module-preloads` (src/integrations/module-preload.ts
 * modulePreloadsCode: the client build's list read from its build file once, at render time; `[]` without one).
 * Each generated module is written to a temporary file and imported, as the pages' bundle runs it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_MANIFEST_VIRTUAL_MODULE, imageManifestPlugin } from '../../src/integrations/images';
import { modulePreloadsCode } from '../../src/integrations/module-preload';
import type { ImageManifest } from '../../src/site/images';

const folder = mkdtempSync(join(tmpdir(), 'virtual-modules-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let count = 0;
/** Imports JavaScript source as a module (a file of its own, so each import is a fresh instance). */
async function importCode<T>(code: string): Promise<T> {
  count += 1;
  const file = join(folder, `module-${count}.mjs`);
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
}

describe('virtual:insurer/images', () => {
  const resolved = `\0${IMAGE_MANIFEST_VIRTUAL_MODULE}`;

  it('exports the manifest of the moment the module is loaded, in its order, whatever its text holds', async () => {
    let manifest: ImageManifest = {};
    const plugin = imageManifestPlugin(() => manifest);
    expect(plugin.resolveId(IMAGE_MANIFEST_VIRTUAL_MODULE)).toBe(resolved);
    expect(plugin.resolveId('virtual:other')).toBeUndefined();
    expect(plugin.load('virtual:other')).toBeUndefined();
    const before = await importCode<{ imageManifest: () => ImageManifest }>(plugin.load(resolved)!);
    expect(before.imageManifest()).toEqual({});

    manifest = {
      'images/z.svg': { status: 'vector' },
      'images/a"</script>\u2028.jpg': { status: 'failed', reason: "it's not an image", reasonZh: '檔案不是可讀取的圖片' },
    };
    const code = plugin.load(resolved)!;
    const after = await importCode<{ imageManifest: () => ImageManifest }>(code);
    expect(after.imageManifest()).toEqual(manifest);
    // In the order prepareImages gave (the uses' order), so the same manifest always gives the same code.
    expect(Object.keys(after.imageManifest())).toEqual(['images/z.svg', 'images/a"</script>\u2028.jpg']);
    expect(after.imageManifest()).toBe(after.imageManifest());
    expect(plugin.load(resolved)).toBe(code);
  });
});

describe('virtual:insurer/module-preloads', () => {
  type Preloads = { layoutModulePreloads: () => readonly string[] };

  it("reads the client build's list from its build file at the first call, then keeps it", async () => {
    const file = join(folder, 'layout-module-preloads.json');
    const module = await importCode<Preloads>(modulePreloadsCode(file));
    writeFileSync(file, JSON.stringify(['/_astro/runtime.abc.js']));
    expect(module.layoutModulePreloads()).toEqual(['/_astro/runtime.abc.js']);
    writeFileSync(file, JSON.stringify(['/_astro/other.js']));
    expect(module.layoutModulePreloads()).toEqual(['/_astro/runtime.abc.js']);
  });

  it('gives [] without a build file, and always outside a build (dev server)', async () => {
    expect((await importCode<Preloads>(modulePreloadsCode(join(folder, 'none.json')))).layoutModulePreloads()).toEqual([]);
    expect((await importCode<Preloads>(modulePreloadsCode(undefined))).layoutModulePreloads()).toEqual([]);
  });

  it('fails the render on a build file that is not JSON, rather than dropping the links unseen', async () => {
    const file = join(folder, 'broken.json');
    writeFileSync(file, '[');
    const module = await importCode<Preloads>(modulePreloadsCode(file));
    expect(() => module.layoutModulePreloads()).toThrow(SyntaxError);
  });
});
