/**
 * The audio reader player (ReaderPlayer.astro + ReaderPlayer.ts) in a simulated DOM (a happy-dom window as the
 * globals `window` and `document`: the test runs in Node, where Astro's container API renders the component's
 * markup as the server does), started by its script. howler is replaced by a fake that records what the player asks
 * of it (no audio here), and fetch answers the reader manifests.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ReaderPlayer from '../../src/components/ReaderPlayer.astro';
import { mountReaderPlayer } from '../../src/components/ReaderPlayer';
import { SERVER_VIEW_STATE, readerViewParts, renderReaderView } from '../../src/components/reader-view';
import { READER_TEXT } from '../../src/site/texts/reader';
import * as reader from '../../src/stores/reader';

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

/** The component's markup for `path` as the server renders it, without its script element. */
async function serverMarkup(path: string): Promise<string> {
  const container = await AstroContainer.create();
  const html = await container.renderToString(ReaderPlayer, { props: { path } });
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').trim();
}

/** The simulated browser: its window and document stand for the page's. */
const browser = new Window({ url: 'http://localhost/' });
Object.assign(globalThis, { window: browser, document: browser.document });

/** Lets fetch, howler's import and the store's listeners settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let container: HTMLElement;
let unmount: () => void = () => undefined;
beforeEach(() => {
  container = document.createElement('main');
  document.body.append(container);
  howls.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    const manifest = MANIFESTS[url];
    if (url === '/reader/broken.json') return new Response('', { status: 500 });
    return manifest ? new Response(JSON.stringify(manifest)) : new Response('', { status: 404 });
  });
});
afterEach(() => {
  unmount();
  reader.setReaderSpeed(1);
  container.remove();
  vi.unstubAllGlobals();
});

/** Renders the player for `path`, starts its script and lets the manifest arrive. */
async function mount(path: string) {
  reader.setReaderSpeed(1);
  container.innerHTML = await serverMarkup(path);
  unmount = mountReaderPlayer(container.querySelector<HTMLElement>('[data-reader-player]')!);
  await settle();
}
const button = (selector: string) => container.querySelector<HTMLButtonElement>(selector)!;
/** Clicks and lets howler (loaded on the first play) settle. */
async function click(selector: string) {
  button(selector).click();
  await settle();
}
const announced = () => container.querySelector('[data-reader-announce]')?.textContent;
const progress = () => container.querySelector<HTMLProgressElement>('[data-reader-progress]')!;

describe('reader player', () => {
  it("the server's markup is the player's state before its script runs: stopped, 播放 and 語速 waiting, disabled", async () => {
    container.innerHTML = await serverMarkup('/reader/page.json');
    const root = container.querySelector<HTMLElement>('[data-reader-player]')!;
    expect(root.getAttribute('role')).toBe('group');
    expect(root.getAttribute('aria-label')).toBe(READER_TEXT.label);
    expect(button('[data-reader-toggle]').textContent).toBe(READER_TEXT.play);
    expect(button('[data-reader-toggle]').disabled).toBe(true);
    expect(button('[data-reader-stop]').disabled).toBe(true);
    const select = container.querySelector<HTMLSelectElement>('[data-reader-speed]')!;
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('1');
    expect(container.querySelector('.reader-player__time')?.textContent).toBe('0:00 / 0:00');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('');
    // What the script would write for that state is what the server wrote: nothing moves when it starts.
    const before = root.outerHTML;
    renderReaderView(readerViewParts(root)!, SERVER_VIEW_STATE);
    expect(root.outerHTML).toBe(before);
  });

  it('loads the page audio stopped, then plays the segments in order, pauses, resumes, changes speed, pauses at the end, stops', async () => {
    await mount('/reader/page.json');
    expect(howls).toHaveLength(0);
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(button('[data-reader-toggle]').textContent).toContain('播放');
    expect(button('[data-reader-toggle]').disabled).toBe(false);
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
    expect(button('[data-reader-stop]').disabled).toBe(false);
    expect(announced()).toBe('播放中');

    await click('[data-reader-toggle]');
    expect(howls[0]!.calls.at(-1)).toBe('pause');
    expect(announced()).toBe('已暫停');
    await click('[data-reader-toggle]');
    expect(howls[0]!.calls.at(-1)).toBe('play');

    const select = container.querySelector<HTMLSelectElement>('[data-reader-speed]')!;
    expect([...select.options].map((option) => option.value)).toEqual(['0.75', '1', '1.25', '1.5']);
    select.value = '1.5';
    select.dispatchEvent(new window.Event('change', { bubbles: true }));
    expect(reader.$readerSpeed.get()).toBe(1.5);
    expect(howls.map((howl) => howl.currentRate)).toEqual([1.5, 1.5]);

    // The first segment ends: the second plays on, without a pause.
    howls[0]!.end();
    expect(reader.$readerStatus.get()).toBe('play');
    expect(howls[1]!.calls).toEqual(['play']);
    // The last one ends: the reader pauses with the progress full.
    howls[1]!.end();
    expect(reader.$readerStatus.get()).toBe('pause');
    expect(progress().value).toBe(3000);
    expect(progress().max).toBe(3000);
    expect(container.querySelector('.reader-player__time')?.textContent).toBe('0:03 / 0:03');

    // Playing again starts from the first segment.
    await click('[data-reader-toggle]');
    expect(howls[0]!.calls.at(-1)).toBe('play');
    await click('[data-reader-stop]');
    expect(howls[0]!.calls.at(-1)).toBe('stop');
    expect(announced()).toBe('已停止');
    expect(progress().value).toBe(0);
    expect(button('[data-reader-stop]').disabled).toBe(true);
  });

  it('shows the stored speed once started, and a speed chosen elsewhere (the store) moves the control and the sound', async () => {
    reader.setReaderSpeed(1.25);
    container.innerHTML = await serverMarkup('/reader/page.json');
    unmount = mountReaderPlayer(container.querySelector<HTMLElement>('[data-reader-player]')!);
    await settle();
    const select = container.querySelector<HTMLSelectElement>('[data-reader-speed]')!;
    expect(select.disabled).toBe(false);
    expect(select.value).toBe('1.25');
    await click('[data-reader-toggle]');
    expect(howls[0]!.options.rate).toBe(1.25);
    reader.setReaderSpeed(0.75);
    expect(select.value).toBe('0.75');
    expect(howls[0]!.currentRate).toBe(0.75);
  });

  it('the toggle keeps the focus from 播放 to 暫停 and back (the same button, relabelled)', async () => {
    await mount('/reader/page.json');
    const toggle = button('[data-reader-toggle]');
    toggle.focus();
    await click('[data-reader-toggle]');
    expect(button('[data-reader-toggle]')).toBe(toggle);
    expect(document.activeElement).toBe(toggle);
    expect(toggle.textContent).toBe(READER_TEXT.pause);
    await click('[data-reader-toggle]');
    expect(document.activeElement).toBe(toggle);
    expect(toggle.textContent).toBe(READER_TEXT.play);
  });

  it('plays a new path at once with its own sounds, unloading the old ones', async () => {
    await mount('/reader/page.json');
    await click('[data-reader-toggle]');
    reader.setReaderPath('/reader/other.json');
    await settle();
    expect(howls[0]!.calls).toContain('unload');
    expect(howls.at(-1)!.options.src).toEqual(['/reader/audio/c.mp3']);
    expect(howls.at(-1)!.calls).toEqual(['play']);
    expect(container.querySelector('.reader-player__time')?.textContent).toBe('0:00 / 0:01');
  });

  it('a file that cannot load stops the reader and says so', async () => {
    await mount('/reader/page.json');
    await click('[data-reader-toggle]');
    howls[0]!.options.onloaderror?.();
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(announced()).toBe('無法播放語音');
    // Playing again clears the failure: its stop is announced as a stop.
    await click('[data-reader-toggle]');
    expect(announced()).toBe('播放中');
    await click('[data-reader-stop]');
    expect(announced()).toBe('已停止');
  });

  it.each([
    ['its manifest has no segments', '/reader/awaiting.json'],
    ['it has no manifest (404)', '/reader/missing.json'],
  ])('a page whose audio is not made yet (%s) shows no player and no error', async (_, path) => {
    await mount(path);
    expect(container.innerHTML).not.toContain('reader-player');
    expect(container.textContent).toBe('');
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(howls).toHaveLength(0);
  });

  it('a player taken away for want of audio comes back for a new path that has it', async () => {
    await mount('/reader/awaiting.json');
    expect(container.querySelector('[data-reader-player]')).toBeNull();
    reader.setReaderPath('/reader/other.json');
    await settle();
    expect(container.querySelector('[data-reader-player]')).not.toBeNull();
    expect(howls.at(-1)!.options.src).toEqual(['/reader/audio/c.mp3']);
  });

  it('a manifest that cannot load for another reason leaves the reader stopped and says so', async () => {
    await mount('/reader/broken.json');
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(announced()).toBe('無法播放語音');
    await click('[data-reader-toggle]');
    expect(howls).toHaveLength(0);
  });

  it('leaving the page stops playback', async () => {
    await mount('/reader/page.json');
    await click('[data-reader-toggle]');
    window.dispatchEvent(new window.Event('pagehide'));
    expect(reader.$readerStatus.get()).toBe('stop');
    expect(howls[0]!.calls).toContain('unload');
    expect(announced()).toBe('已停止');
    expect(progress().value).toBe(0);
  });

  it('the progress bar follows the sound while playing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await mount('/reader/page.json');
      await click('[data-reader-toggle]');
      howls[0]!.seek = () => 0.6;
      vi.advanceTimersByTime(300);
      expect(progress().value).toBe(600);
      howls[0]!.end();
      howls[1]!.seek = () => 1.5;
      vi.advanceTimersByTime(300);
      expect(progress().value).toBe(2500);
      expect(container.querySelector('.reader-player__time')?.textContent).toBe('0:02 / 0:03');
    } finally {
      vi.useRealTimers();
    }
  });
});
