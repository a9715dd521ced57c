/**
 * The reader store (REFERENCE.md "Portal data", "Widget states": stop / play / pause, a new path plays, audio end pauses, speed) and the toast
 * store (REFERENCE.md "Failures": identical texts are suppressed while one shows).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { READER_DEFAULT_SPEED } from '../../src/site/limits';
import {
  $readerPath,
  $readerSpeed,
  $readerStatus,
  loadReaderPath,
  normalizeSpeed,
  pauseReader,
  playReader,
  readerEnded,
  setReaderPath,
  setReaderSpeed,
  stopReader,
} from '../../src/stores/reader';
import { $toasts, dismissToast, showToast } from '../../src/stores/toasts';

describe('reader', () => {
  beforeEach(() => {
    loadReaderPath(undefined);
    setReaderSpeed(READER_DEFAULT_SPEED);
  });

  it('starts stopped at the default speed', () => {
    expect($readerStatus.get()).toBe('stop');
    expect($readerSpeed.get()).toBe(1);
    expect(READER_DEFAULT_SPEED).toBe(1);
  });

  it("registers the page's path without playing", () => {
    loadReaderPath('/audio/page.mp3');
    expect($readerPath.get()).toBe('/audio/page.mp3');
    expect($readerStatus.get()).toBe('stop');
  });

  it('plays a new path at once', () => {
    setReaderPath('/audio/a.mp3');
    expect($readerStatus.get()).toBe('play');
    pauseReader();
    setReaderPath('/audio/b.mp3');
    expect($readerPath.get()).toBe('/audio/b.mp3');
    expect($readerStatus.get()).toBe('play');
  });

  it('stops when the path is cleared', () => {
    setReaderPath('/audio/a.mp3');
    setReaderPath(undefined);
    expect($readerStatus.get()).toBe('stop');
  });

  it('goes play → pause → play → stop', () => {
    loadReaderPath('/audio/a.mp3');
    playReader();
    expect($readerStatus.get()).toBe('play');
    pauseReader();
    expect($readerStatus.get()).toBe('pause');
    playReader();
    stopReader();
    expect($readerStatus.get()).toBe('stop');
  });

  it('cannot play without a path; pausing a stopped reader keeps it stopped', () => {
    playReader();
    expect($readerStatus.get()).toBe('stop');
    pauseReader();
    expect($readerStatus.get()).toBe('stop');
  });

  it('pauses at the end of the audio', () => {
    setReaderPath('/audio/a.mp3');
    readerEnded();
    expect($readerStatus.get()).toBe('pause');
  });

  it.each([
    [1.5, 1.5],
    [1.25, 1.25],
    [0.75, 0.75],
    [2, READER_DEFAULT_SPEED],
    [3, READER_DEFAULT_SPEED],
    [Number.NaN, READER_DEFAULT_SPEED],
  ])('speed %s → %s', (speed, expected) => {
    setReaderSpeed(speed);
    expect($readerSpeed.get()).toBe(expected);
    expect(normalizeSpeed(speed)).toBe(expected);
  });
});

describe('toasts', () => {
  beforeEach(() => {
    for (const toast of $toasts.get()) dismissToast(toast.id);
  });

  it('queues each type', () => {
    for (const type of ['success', 'warning', 'info', 'error'] as const) showToast(type, `${type} 訊息`);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['success', 'warning', 'info', 'error']);
  });

  it('suppresses an identical text while it shows, whatever its type', () => {
    const first = showToast('success', '已送出');
    expect(showToast('success', '已送出')).toBeUndefined();
    expect(showToast('error', ' 已送出 ')).toBeUndefined();
    expect($toasts.get()).toHaveLength(1);
    dismissToast(first!);
    expect(showToast('success', '已送出')).toBeTypeOf('number');
  });

  it('ignores empty texts', () => {
    expect(showToast('info', '   ')).toBeUndefined();
    expect($toasts.get()).toEqual([]);
  });
});
