// @vitest-environment happy-dom
/**
 * The toast island rendered with React in a simulated DOM (the reader player, a plain script, is in
 * reader-player.test.ts).
 */
import { createElement } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
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
