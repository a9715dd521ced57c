// @vitest-environment happy-dom
/**
 * The reader player and toast islands rendered with React in a simulated DOM. howler is replaced by a fake that
 * records what the player asks of it (no audio here).
 */
import { createElement } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const howls: FakeHowl[] = [];
class FakeHowl {
  options: Record<string, unknown> & { onend?: () => void };
  calls: string[] = [];
  currentRate: number;
  constructor(options: FakeHowl['options']) {
    this.options = options;
    this.currentRate = Number(options.rate);
    howls.push(this);
  }
  play(id?: number) {
    this.calls.push(id === undefined ? 'play' : `play:${id}`);
    return 7;
  }
  pause() {
    this.calls.push('pause');
  }
  stop() {
    this.calls.push('stop');
  }
  rate(rate: number) {
    this.currentRate = rate;
  }
  unload() {
    this.calls.push('unload');
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

describe('ReaderPlayer', () => {
  it('loads the page audio stopped, then plays, pauses, resumes, stops; speed and end of audio', async () => {
    const { default: ReaderPlayer } = await import('../../src/islands/ReaderPlayer');
    const reader = await import('../../src/stores/reader');
    reader.setReaderSpeed(1);
    await act(async () => root.render(createElement(ReaderPlayer, { path: '/audio/page.mp3' })));

    expect(howls).toHaveLength(1);
    expect(howls[0].options.src).toEqual(['/audio/page.mp3']);
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(button('[data-reader-toggle]').textContent).toContain('播放');
    expect(button('[data-reader-stop]').disabled).toBe(true);

    await act(async () => button('[data-reader-toggle]').click());
    expect(reader.$readerStatus.get()).toBe('play');
    expect(howls[0].calls.at(-1)).toBe('play');
    expect(button('[data-reader-toggle]').textContent).toContain('暫停');

    await act(async () => button('[data-reader-toggle]').click());
    expect(howls[0].calls.at(-1)).toBe('pause');
    await act(async () => button('[data-reader-toggle]').click());
    expect(howls[0].calls.at(-1)).toBe('play:7');

    const select = container.querySelector<HTMLSelectElement>('[data-reader-speed]')!;
    await act(async () => {
      select.value = '1.5';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(reader.$readerSpeed.get()).toBe(1.5);
    expect(howls[0].currentRate).toBe(1.5);

    await act(async () => howls[0].options.onend?.());
    expect(reader.$readerStatus.get()).toBe('pause');

    await act(async () => button('[data-reader-stop]').click());
    expect(howls[0].calls.at(-1)).toBe('stop');
    await act(async () => reader.setReaderSpeed(1));
  });

  it('plays a new path at once with a new sound, unloading the old one', async () => {
    const { default: ReaderPlayer } = await import('../../src/islands/ReaderPlayer');
    const reader = await import('../../src/stores/reader');
    await act(async () => root.render(createElement(ReaderPlayer, { path: '/audio/page.mp3' })));
    await act(async () => reader.setReaderPath('/audio/other.mp3'));
    expect(howls).toHaveLength(2);
    expect(howls[0].calls).toContain('unload');
    expect(howls[1].options.src).toEqual(['/audio/other.mp3']);
    expect(howls[1].calls).toEqual(['play']);
  });

  it('a file that cannot load stops the reader', async () => {
    const { default: ReaderPlayer } = await import('../../src/islands/ReaderPlayer');
    const reader = await import('../../src/stores/reader');
    await act(async () => root.render(createElement(ReaderPlayer, { path: '/audio/missing.mp3' })));
    await act(async () => reader.playReader());
    await act(async () => (howls[0].options.onloaderror as () => void)());
    expect(reader.$readerStatus.get()).toBe('stop');
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
      const { TOAST } = await import('../../src/site');
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
