/**
 * `/download/none` (REFERENCE.md "Redirects": where `/download` leads when there is no download category) is built only then:
 * with categories `/download` leads to the first one, so the page would be published, indexed and in the sitemap
 * although no visitor is sent to it. The static paths of src/pages/download/[none].astro over a tree with and
 * without categories, and the page those paths render (Astro's container API) with its empty-state text.
 */
import type { SSRManifest } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { loadRenderers } from 'astro:container';
import { describe, expect, it } from 'vitest';
import NonePage from '../../src/pages/download/[none].astro';
import { downloadLandingPath, downloadNonePaths, downloadTree } from '../../src/sections/downloads';

const categories = [
  { id: 'claim', name: '理賠申請文件', sort: 1 },
  { id: 'empty', name: '保單變更文件', sort: 2 },
];
const items = [{ id: '1', category: 'claim', files: ['f1'] }];

/** The paths getStaticPaths builds, as URLs. */
const builtPaths = (tree: ReturnType<typeof downloadTree>) => downloadNonePaths(tree).map((path) => `/download/${path.params.none}`);

describe('/download/none', () => {
  it('is not built when there are categories, even empty ones (/download leads to the first category)', () => {
    expect(builtPaths(downloadTree(categories, items))).toEqual([]);
    expect(builtPaths(downloadTree([categories[1]], []))).toEqual([]);
    expect(downloadLandingPath(downloadTree(categories, items))).not.toBe('/download/none');
  });

  it('is built when there is no category, where /download leads, and says there is nothing to download yet', async () => {
    const tree = downloadTree([], items);
    expect(builtPaths(tree)).toEqual(['/download/none']);
    expect(downloadLandingPath(tree)).toBe('/download/none');
    const [{ props }] = downloadNonePaths(tree);
    // The layout's islands hydrate with client:idle and the site's own client:intent (src/integrations/intent-directive.ts,
    // registered by astro.config.mjs, which the container does not read): their scripts' text does not matter here.
    const clientDirectives = new Map([
      ['idle', '(() => {})'],
      ['intent', '(() => {})'],
    ]);
    const container = await AstroContainer.create({
      renderers: await loadRenderers([getContainerRenderer()]),
      manifest: { clientDirectives } as unknown as SSRManifest,
    });
    const html = await container.renderToString(NonePage, { props: { ...props } });
    expect(html).toContain('目前尚無可下載的文件');
    expect(html).toContain('文件正在整理中，歡迎稍後再來看看');
    // No category tabs to choose from.
    expect(html).not.toContain('aria-label="文件分類"');
  });
});
