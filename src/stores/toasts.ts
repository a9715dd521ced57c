/**
 * Toasts (REFERENCE.md "Failures": success, warning, info, error; identical texts are suppressed as duplicates; offset 100).
 * Any island or script calls `showToast`; ToastCenter (src/islands/ToastCenter.tsx, own code, no toast library)
 * shows the queue on the pages that mount it (forms) and calls `dismissToast` when one goes away.
 */
import { atom } from 'nanostores';

export type ToastType = 'success' | 'warning' | 'info' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

/** The toasts on screen (or waiting for ToastCenter to show them). */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

/**
 * Queues a toast.
 * @returns its id, or undefined when a toast with the same text is already showing (a duplicate).
 */
export function showToast(type: ToastType, text: string): number | undefined {
  const message = text.trim();
  if (!message || $toasts.get().some((toast) => toast.text === message)) return undefined;
  const toast: Toast = { id: nextId++, type, text: message };
  $toasts.set([...$toasts.get(), toast]);
  return toast.id;
}

/** The toast went away (closed or timed out): the same text may show again. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
