// @vitest-environment happy-dom
/**
 * The reader player and toast islands rendered with React in a simulated DOM. howler is replaced by a fake that
 * records what the player asks of it (no audio here), and fetch answers the reader manifests.
 */
import { createElement } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const howls: FakeHowl[] = [];
class FakeHowl {
  options: Record<string, unknown> & { src: string[]; onend?: () => void; onloaderror?: () => void };
  calls: string[] = [];
  currentRate: number;
  isPlaying = false;
  constructor(options: FakeHowl['options']) {
    this.options = options;
    this.currentRate = Number(options.rate);
    howls.push(this);
  }
  play() {
    this.calls.push('play');
    this.isPlaying = true;
    return 7;
  }
  playing() {
    return this.isPlaying;
  }
  pause() {
    this.calls.push('pause');
    this.isPlaying = false;
  }
  stop() {
    this.calls.push('stop');
    this.isPlaying = false;
  }
  seek() {
    return 0;
  }
  rate(rate: number) {
    this.currentRate = rate;
  }
  unload() {
    this.calls.push('unload');
  }
  /** The sound reached its end (howler calls onend). */
  end() {
    this.isPlaying = false;
    this.options.onend?.();
  }
}
vi.mock('howler', () => ({ Howl: FakeHowl }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  howls.length = 0;
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const button = (selector: string) => container.querySelector<HTMLButtonElement>(selector)!;

/** Reader manifests the fake server knows (src/lib/reader-path.ts ReaderManifest). */
const MANIFESTS: Record<string, object> = {
  '/reader/page.json': {
    version: 1,
    page: 'news/detail/1/index.html',
    durationMs: 3000,
    segments: [
      { src: '/reader/audio/a.mp3', durationMs: 1000 },
      { src: '/reader/audio/b.mp3', durationMs: 2000 },
    ],
  },
  // The budget of the build ran out before this page's audio was made (src/integrations/reader/site.ts).
  '/reader/awaiting.json': { version: 1, page: 'news/detail/9/index.html', durationMs: 0, segments: [] },
  '/reader/other.json': { version: 1, page: 'faq/1/index.html', durationMs: 1000, segments: [{ src: '/reader/audio/c.mp3', durationMs: 1000 }] },
};

describe('ReaderPlayer', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string) => {
      const manifest = MANIFESTS[url];
      if (url === '/reader/broken.json') return new Response('', { status: 500 });
      return manifest ? new Response(JSON.stringify(manifest)) : new Response('', { status: 404 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Renders the player for `path` and lets the manifest arrive. */
  async function mount(path: string) {
    const { default: ReaderPlayer } = await import('../../src/islands/ReaderPlayer');
    const reader = await import('../../src/stores/reader');
    reader.setReaderSpeed(1);
    await act(async () => root.render(createElement(ReaderPlayer, { path })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    return reader;
  }
  /** Clicks and lets howler (loaded on the first play) and the effects settle. */
  async function click(selector: string) {
    await act(async () => button(selector).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  }
  const announced = () => container.querySelector('[data-reader-announce]')?.textContent;
  const progress = () => container.querySelector<HTMLProgressElement>('[data-reader-progress]')!;

  it('loads the page audio stopped, then plays the segments in order, pauses, resumes, changes speed, pauses at the end, stops', async () => {
    const reader = await mount('/reader/page.json');
    expect(howls).toHaveLength(0);
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(button('[data-reader-toggle]').textContent).toContain('播放');
    expect(button('[data-reader-stop]').disabled).toBe(true);
    expect(announced()).toBe('');
    expect(container.querySelector('.reader-player__time')?.textContent).toBe('0:00 / 0:03');

    await click('[data-reader-toggle]');
    expect(reader.$readerStatus.get()).toBe('play');
    // The first segment plays; the second is loaded, waiting.
    expect(howls.map((howl) => howl.options.src)).toEqual([['/reader/audio/a.mp3'], ['/reader/audio/b.mp3']]);
    expect(howls[0]!.calls).toEqual(['play']);
    expect(howls[1]!.calls).toEqual([]);
    expect(button('[data-reader-toggle]').textContent).toContain('暫停');
    expect(announced()).toBe('播放中');

    await click('[data-reader-toggle]');
    expect(howls[0]!.calls.at(-1)).toBe('pause');
    expect(announced()).toBe('已暫停');
    await click('[data-reader-toggle]');
    expect(howls[0]!.calls.at(-1)).toBe('play');

    const select = container.querySelector<HTMLSelectElement>('[data-reader-speed]')!;
    expect([...select.options].map((option) => option.value)).toEqual(['0.75', '1', '1.25', '1.5']);
    await act(async () => {
      select.value = '1.5';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(reader.$readerSpeed.get()).toBe(1.5);
    expect(howls.map((howl) => howl.currentRate)).toEqual([1.5, 1.5]);

    // The first segment ends: the second plays on, without a pause.
    await act(async () => howls[0]!.end());
    expect(reader.$readerStatus.get()).toBe('play');
    expect(howls[1]!.calls).toEqual(['play']);
    // The last one ends: the reader pauses with the progress full.
    await act(async () => howls[1]!.end());
    expect(reader.$readerStatus.get()).toBe('pause');
    expect(progress().value).toBe(3000);
    expect(progress().max).toBe(3000);

    // Playing again starts from the first segment.
    await click('[data-reader-toggle]');
    expect(howls[0]!.calls.at(-1)).toBe('play');
    await click('[data-reader-stop]');
    expect(howls[0]!.calls.at(-1)).toBe('stop');
    expect(announced()).toBe('已停止');
    expect(progress().value).toBe(0);
    await act(async () => reader.setReaderSpeed(1));
  });

  it('plays a new path at once with its own sounds, unloading the old ones', async () => {
    const reader = await mount('/reader/page.json');
    await click('[data-reader-toggle]');
    await act(async () => reader.setReaderPath('/reader/other.json'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(howls[0]!.calls).toContain('unload');
    expect(howls.at(-1)!.options.src).toEqual(['/reader/audio/c.mp3']);
    expect(howls.at(-1)!.calls).toEqual(['play']);
  });

  it('a file that cannot load stops the reader and says so', async () => {
    const reader = await mount('/reader/page.json');
    await click('[data-reader-toggle]');
    await act(async () => howls[0]!.options.onloaderror?.());
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(announced()).toBe('無法播放語音');
  });

  it.each([
    ['its manifest has no segments', '/reader/awaiting.json'],
    ['it has no manifest (404)', '/reader/missing.json'],
  ])('a page whose audio is not made yet (issue 16 item 5: %s) shows no player and no error', async (_, path) => {
    const reader = await mount(path);
    expect(container.innerHTML).toBe('');
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(howls).toHaveLength(0);
  });

  it('a manifest that cannot load for another reason leaves the reader stopped and says so', async () => {
    const reader = await mount('/reader/broken.json');
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(announced()).toBe('無法播放語音');
    await click('[data-reader-toggle]');
    expect(howls).toHaveLength(0);
  });

  it('leaving the page stops playback', async () => {
    const reader = await mount('/reader/page.json');
    await click('[data-reader-toggle]');
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(howls[0]!.calls).toContain('unload');
  });
});

describe('ToastCenter', () => {
  it('shows each toast once, in a live region by urgency; an identical text is not shown twice', async () => {
    const { default: ToastCenter } = await import('../../src/islands/ToastCenter');
    const { $toasts, showToast } = await import('../../src/stores/toasts');
    await act(async () => root.render(createElement(ToastCenter)));
    await act(async () => {
      showToast('success', '已收到您的意見');
      showToast('success', '已收到您的意見');
      showToast('error', '驗證碼錯誤');
    });
    const toasts = [...container.querySelectorAll('[data-toast]')];
    expect(toasts.map((toast) => toast.textContent)).toEqual(['驗證碼錯誤', '已收到您的意見']);
    expect($toasts.get()).toHaveLength(2);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('驗證碼錯誤');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('已收到您的意見');

    await act(async () => container.querySelector<HTMLButtonElement>('[data-toast="error"] button')!.click());
    expect(container.querySelectorAll('[data-toast]')).toHaveLength(1);
    await act(async () => {
      for (const toast of $toasts.get()) (await import('../../src/stores/toasts')).dismissToast(toast.id);
    });
  });

  it('closes a toast after TOAST.durationMs, not while it is pointed at', async () => {
    vi.useFakeTimers();
    try {
      const { TOAST } = await import('../../src/site/limits');
      const { default: ToastCenter } = await import('../../src/islands/ToastCenter');
      const { $toasts, showToast } = await import('../../src/stores/toasts');
      await act(async () => root.render(createElement(ToastCenter)));
      await act(async () => {
        showToast('info', '草稿已還原');
      });
      const toast = container.querySelector<HTMLElement>('[data-toast]')!;
      await act(async () => toast.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
      await act(async () => vi.advanceTimersByTime(TOAST.durationMs + 500));
      expect($toasts.get()).toHaveLength(1);
      await act(async () => toast.dispatchEvent(new PointerEvent('pointerout', { bubbles: true })));
      await act(async () => vi.advanceTimersByTime(TOAST.durationMs));
      expect($toasts.get()).toHaveLength(0);
      expect(container.querySelectorAll('[data-toast]')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
