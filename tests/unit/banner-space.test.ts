// @vitest-environment happy-dom
/**
 * The notice banner's space kept for the visit (src/browser/banner-space.ts) and the head's boot script that
 * reserves it before the first paint (src/integrations/notice-banner-boot.ts): only at the width and font-size step
 * it was measured at, never after it was given back, and without breaking a browser that refuses storage.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_SPACE_PROPERTY, keepBannerSpace, releaseBannerSpace } from '../../src/browser/banner-space';
import { FONT_SIZE_STORAGE_KEY } from '../../src/browser/font-size';
import { noticeBannerBootScript } from '../../src/integrations/notice-banner-boot';

const reserved = () => document.documentElement.style.getPropertyValue(BANNER_SPACE_PROPERTY);
const boot = () => new Function(noticeBannerBootScript)();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.style.removeProperty(BANNER_SPACE_PROPERTY);
});

describe('the notice banner space', () => {
  it('is reserved on the next page at the same width and font size', () => {
    keepBannerSpace(127.4);
    boot();
    expect(reserved()).toBe('128px');
  });

  it('is not reserved at another font size or width', () => {
    keepBannerSpace(128);
    localStorage.setItem(FONT_SIZE_STORAGE_KEY, '2');
    boot();
    expect(reserved()).toBe('');
    localStorage.clear();
    Object.defineProperty(window, 'innerWidth', { value: window.innerWidth + 1, configurable: true });
    boot();
    expect(reserved()).toBe('');
  });

  it('is given back: none on the next page once released for good', () => {
    keepBannerSpace(128);
    boot();
    releaseBannerSpace(true);
    expect(reserved()).toBe('');
    boot();
    expect(reserved()).toBe('');
  });

  it('the boot script survives a browser that refuses storage', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(boot).not.toThrow();
    spy.mockRestore();
  });
});
