// @vitest-environment happy-dom
/**
 * Browser-side helpers of the site-wide widgets, in a simulated DOM (happy-dom): where persistent stores keep
 * their values, the font-size boot script and steps, which links ask before leaving, the chunk-reload guard and
 * page-view tracking.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FONT_SIZE, TIMING } from '../../src/site/limits';
import { splitStorageEngine } from '../../src/stores/persistence';
import { FONT_SIZE_ATTRIBUTE, FONT_SIZE_STEPS, FONT_SIZE_STORAGE_KEY, fontSizePercent, normalizeFontSize } from '../../src/browser/font-size';
import { fontSizeBootScript } from '../../src/integrations/font-size-boot';
import { isCompanyHost, isExternalUrl, isPlainClick, linkOf, opensNewTab } from '../../src/browser/external-link';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnce } from '../../src/browser/chunk-reload';
import { GTAG_URL, startPageViewTracking } from '../../src/browser/page-view';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute(FONT_SIZE_ATTRIBUTE);
});

describe('persistent store engine', () => {
  it('keeps session: keys in sessionStorage and the others in localStorage', () => {
    const engine = splitStorageEngine(localStorage, sessionStorage);
    engine['session:hotains:bell-closed'] = 'yes';
    engine['hotains:font-size'] = '1';
    expect(sessionStorage.getItem('session:hotains:bell-closed')).toBe('yes');
    expect(localStorage.getItem('session:hotains:bell-closed')).toBeNull();
    expect(localStorage.getItem('hotains:font-size')).toBe('1');
    expect('hotains:font-size' in engine).toBe(true);
    expect(engine['hotains:font-size']).toBe('1');
    delete engine['hotains:font-size'];
    expect(localStorage.getItem('hotains:font-size')).toBeNull();
    expect(engine['hotains:missing']).toBeUndefined();
  });

  it('the stores of the site use it', async () => {
    vi.resetModules();
    const { $bellClosed } = await import('../../src/stores/notifications');
    const { $fontSize, setFontSize } = await import('../../src/stores/font-size');
    $bellClosed.set(true);
    setFontSize(2);
    expect(sessionStorage.getItem('session:hotains:bell-closed')).toBe('yes');
    expect(localStorage.getItem(FONT_SIZE_STORAGE_KEY)).toBe('2');
    setFontSize(FONT_SIZE.default);
    expect(localStorage.getItem(FONT_SIZE_STORAGE_KEY)).toBeNull();
    expect($fontSize.get()).toBe(0);
  });
});

describe('font size', () => {
  it.each([
    ['1', 1],
    ['-1', -1],
    ['2', 2],
    ['3', FONT_SIZE.default],
    ['1.5', FONT_SIZE.default],
    ['abc', FONT_SIZE.default],
    ['', FONT_SIZE.default],
    [null, FONT_SIZE.default],
  ])('stored %j is step %i', (stored, step) => {
    expect(normalizeFontSize(stored)).toBe(step);
  });

  it('offers the steps -1 … 2 around the default 0', () => {
    expect(FONT_SIZE_STEPS).toEqual([-1, 0, 1, 2]);
    expect(FONT_SIZE.default).toBe(0);
  });

  it.each([
    ['1', '1'],
    ['-1', '-1'],
    ['2', '2'],
    ['0', null],
    ['7', null],
    ['x', null],
  ])('the boot script applies a stored %j as %j', (stored, applied) => {
    localStorage.setItem(FONT_SIZE_STORAGE_KEY, stored);
    new Function(fontSizeBootScript)();
    expect(document.documentElement.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe(applied);
  });

  it('the boot script survives a browser that refuses storage', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => new Function(fontSizeBootScript)()).not.toThrow();
    spy.mockRestore();
  });

  it('widgets.css sizes the root for every step as fontSizePercent says', () => {
    const css = readFileSync(join(process.cwd(), 'src/styles/widgets.css'), 'utf8');
    for (const step of FONT_SIZE_STEPS.filter((s) => s !== FONT_SIZE.default)) {
      const rule = new RegExp(`html\\[data-font-size='${step}'\\]\\s*\\{\\s*font-size:\\s*([\\d.]+)%`);
      expect(css.match(rule)?.[1], `rule for step ${step}`).toBe(String(fontSizePercent(step)));
    }
  });
});

describe('toasts', () => {
  it('widgets.css puts them TOAST.offsetPx (100 px, REFERENCE.md "Failures") from the top', async () => {
    const { TOAST } = await import('../../src/site/limits');
    const css = readFileSync(join(process.cwd(), 'src/styles/widgets.css'), 'utf8');
    expect(TOAST.offsetPx).toBe(100);
    expect(css.match(/\.toasts \{[^}]*\btop:\s*(\d+)px/)?.[1]).toBe(String(TOAST.offsetPx));
  });
});

describe('external links (REFERENCE.md "Constants")', () => {
  const page = 'https://www.hotains.com.tw/news/all/1';

  it.each([
    ['https://www.facebook.com/hotains', true],
    ['http://example.com/', true],
    ['https://evilhotains.com.tw/', true],
    ['https://ebiz.hotains.com.tw/car', false],
    ['https://hotains.com.tw/', false],
    ['https://CHATBOT.HOTAINS.COM.TW/', false],
    ['/claim', false],
    ['claim', false],
    ['#main', false],
    ['mailto:service@hotains.com.tw', false],
    ['tel:0800880550', false],
    ['javascript:void(0)', false],
  ])('%s leaves the site: %s', (href, external) => {
    expect(isExternalUrl(href, page)).toBe(external);
  });

  it('the page’s own host is internal, whatever it is (previews, tests)', () => {
    expect(isExternalUrl('http://127.0.0.1:4321/faq', 'http://127.0.0.1:4321/')).toBe(false);
    expect(isExternalUrl('http://localhost:9999/x', 'http://127.0.0.1:4321/')).toBe(true);
  });

  it('company hosts are the domain and its subdomains', () => {
    expect(isCompanyHost('hotains.com.tw')).toBe(true);
    expect(isCompanyHost('a.b.hotains.com.tw.')).toBe(true);
    expect(isCompanyHost('hotains.com')).toBe(false);
  });

  it('only plain primary clicks count', () => {
    const base = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
    expect(isPlainClick(base)).toBe(true);
    for (const change of [{ button: 1 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { defaultPrevented: true }]) {
      expect(isPlainClick({ ...base, ...change })).toBe(false);
    }
  });

  it('finds the link around a click target and its target', () => {
    document.body.innerHTML = '<a href="https://x.example" target="_blank"><span>go</span></a><a href="/y">y</a>';
    const span = document.querySelector('span')!;
    const link = linkOf(span.firstChild);
    expect(link?.getAttribute('href')).toBe('https://x.example');
    expect(opensNewTab(link!)).toBe(true);
    expect(opensNewTab(document.querySelector('a[href="/y"]')!)).toBe(false);
    expect(linkOf(document.body)).toBeNull();
  });
});

describe('chunk-load failures reload once (REFERENCE.md "Widget states", "Failures")', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/_astro/a.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    ['Importing a module script failed.', true],
    [new Error('Something else'), false],
    [undefined, false],
  ])('%s is a chunk-load error: %s', (reason, expected) => {
    expect(isChunkLoadError(reason)).toBe(expected);
  });

  it('reloads, then not again within the guard time, then again after it', () => {
    const reload = vi.fn();
    expect(reloadOnce(sessionStorage, reload, 1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadOnce(sessionStorage, reload, 1_000_000 + 5_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(sessionStorage, reload, 1_000_000 + 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without storage to guard the loop', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnce(broken, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('page-view tracking', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete (window as Window & { dataLayer?: unknown[] }).dataLayer;
  });

  it('is off, with no script and no data, without a measurement id', () => {
    expect(startPageViewTracking(undefined, TIMING.pageViewDelayMs)).toBe(false);
    expect(startPageViewTracking('  ', TIMING.pageViewDelayMs)).toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
  });

  it(`sends one page_view ${TIMING.pageViewDelayMs} ms after load and loads gtag.js`, () => {
    vi.useFakeTimers();
    expect(startPageViewTracking('G-TEST123', TIMING.pageViewDelayMs)).toBe(true);
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
    // The script element is caught on its way into the head (no network here).
    const added: Node[] = [];
    const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as Node[])));
    vi.advanceTimersByTime(TIMING.pageViewDelayMs - 1);
    expect(added).toEqual([]);
    vi.advanceTimersByTime(1);
    append.mockRestore();
    const script = added[0] as HTMLScriptElement;
    expect(script.getAttribute('src')).toBe(`${GTAG_URL}?id=G-TEST123`);
    expect(script.async).toBe(true);
    const calls = ((window as Window & { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => [...args]);
    expect(calls[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(calls.filter((call) => call[0] === 'event' && call[1] === 'page_view')).toHaveLength(1);
  });

  it('counts a prerendered page only once the visitor opens it', () => {
    vi.useFakeTimers();
    Object.defineProperty(document, 'prerendering', { configurable: true, value: true });
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => undefined);
    try {
      expect(startPageViewTracking('G-TEST123', TIMING.pageViewDelayMs)).toBe(true);
      if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(TIMING.pageViewDelayMs * 10);
      const pageViews = () =>
        ((window as Window & { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => [...args]).filter((call) => call[1] === 'page_view');
      expect(pageViews()).toHaveLength(0);
      Object.defineProperty(document, 'prerendering', { configurable: true, value: false });
      document.dispatchEvent(new Event('prerenderingchange'));
      vi.advanceTimersByTime(TIMING.pageViewDelayMs);
      expect(pageViews()).toHaveLength(1);
    } finally {
      append.mockRestore();
      delete (document as Document & { prerendering?: boolean }).prerendering;
    }
  });
});
