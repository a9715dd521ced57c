/**
 * End-to-end: the audio reader (REFERENCE.md "Widget states": "Reader: stop, play, pause … audio end becomes pause; speed
 * changes apply to the playback rate") on built pages with their espeak-ng audio: play, pause, speed, progress,
 * the segments one after the other, the end, stop, leaving the page, and all of it with the keyboard only; a page
 * whose audio a later build makes (speech never delays a publish: READER_BUDGET_SECONDS) shows no player.
 *
 * The audio elements howler plays are not in the document: an init script records every media element that is
 * asked to play, so the tests read what the visitor hears (paused, currentTime, playbackRate, src). howler's own
 * unlocking element (no source) is not the page's audio and is left out.
 */
import type { Locator, Page } from '@playwright/test';
import type { ReaderManifest } from '../../src/lib/reader-path';
import { READER_TEXT } from '../../src/site/texts/reader';
import { scanWithAxe } from './axe';
import { expect, test } from './fixtures';

interface Heard {
  src: string;
  paused: boolean;
  currentTime: number;
  duration: number;
  playbackRate: number;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const played: HTMLMediaElement[] = [];
    (window as unknown as { __played: HTMLMediaElement[] }).__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!played.includes(this)) played.push(this);
      return play.call(this);
    };
  });
});

/** The element playing now (undefined when none plays). */
function playing(page: Page): Promise<Heard | undefined> {
  return page.evaluate(() => {
    const played = (window as unknown as { __played: HTMLMediaElement[] }).__played;
    const element = played.find((media) => !media.paused && media.currentSrc.includes('/reader/'));
    return element
      ? {
          src: element.currentSrc,
          paused: element.paused,
          currentTime: element.currentTime,
          duration: element.duration,
          playbackRate: element.playbackRate,
        }
      : undefined;
  });
}

/** Jumps to 0.2 s before the end of the element playing now. */
function skipToEnd(page: Page): Promise<void> {
  return page.evaluate(() => {
    const played = (window as unknown as { __played: HTMLMediaElement[] }).__played;
    const element = played.find((media) => !media.paused && media.currentSrc.includes('/reader/'));
    if (element && Number.isFinite(element.duration)) element.currentTime = Math.max(0, element.duration - 0.2);
  });
}

async function manifestOf(page: Page): Promise<ReaderManifest> {
  const path = await page.locator('main').getAttribute('data-reader');
  expect(path).toMatch(/^\/reader\/.+\.json$/);
  return (await (await page.request.get(path!)).json()) as ReaderManifest;
}

const player = (page: Page): Locator => page.getByRole('group', { name: READER_TEXT.label });

test.describe('audio reader', () => {
  test('plays, pauses, applies the speed to the playback rate, and pauses at the end', async ({ page }) => {
    await page.goto('/news/detail/1');
    const reader = player(page);
    const manifest = await manifestOf(page);
    expect(manifest.segments).toHaveLength(1);
    await reader.getByRole('button', { name: READER_TEXT.play }).click();
    await expect(reader.getByRole('button', { name: READER_TEXT.pause })).toBeVisible();
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.play);
    await expect.poll(async () => (await playing(page))?.currentTime ?? 0).toBeGreaterThan(0.3);
    expect((await playing(page))?.src).toContain(manifest.segments[0]!.src);
    await expect.poll(() => reader.locator('progress').evaluate((bar: HTMLProgressElement) => bar.value)).toBeGreaterThan(0);

    await reader.getByLabel(READER_TEXT.speed).selectOption('1.5');
    await expect.poll(async () => (await playing(page))?.playbackRate).toBe(1.5);

    await reader.getByRole('button', { name: READER_TEXT.pause }).click();
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.pause);
    expect(await playing(page)).toBeUndefined();
    const pausedAt = await page.evaluate(() =>
      Math.max(...(window as unknown as { __played: HTMLMediaElement[] }).__played.map((media) => media.currentTime)),
    );

    // Play again continues where it paused, at the chosen speed.
    await reader.getByRole('button', { name: READER_TEXT.play }).click();
    await expect.poll(async () => (await playing(page))?.currentTime ?? 0).toBeGreaterThan(pausedAt);
    expect((await playing(page))?.playbackRate).toBe(1.5);

    // The end of the audio becomes pause, with the progress bar full.
    await skipToEnd(page);
    await expect(reader.getByRole('button', { name: READER_TEXT.play })).toBeVisible();
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.pause);
    expect(await playing(page)).toBeUndefined();
    const bar = await reader.locator('progress').evaluate((el: HTMLProgressElement) => [el.value, el.max]);
    expect(bar[0]).toBe(bar[1]);
  });

  test('plays the segments of a long page one after the other', async ({ page }) => {
    await page.goto('/faq/1');
    const reader = player(page);
    const manifest = await manifestOf(page);
    expect(manifest.segments.length).toBeGreaterThan(1);
    await reader.getByRole('button', { name: READER_TEXT.play }).click();
    for (const [index, segment] of manifest.segments.entries()) {
      await expect.poll(async () => (await playing(page))?.src ?? '', `segment ${index + 1}`).toContain(segment.src);
      await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.play);
      await expect.poll(async () => (await playing(page))?.duration ?? Number.NaN).toBeGreaterThan(0);
      await skipToEnd(page);
    }
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.pause);
    await expect(reader.getByText(/^\d+:\d\d \/ \d+:\d\d$/)).toHaveText(
      new RegExp(`/ ${Math.floor(manifest.durationMs / 60_000)}:${String(Math.floor(manifest.durationMs / 1000) % 60).padStart(2, '0')}$`),
    );
  });

  test('works with the keyboard only, and leaving the page stops playback', async ({ page }) => {
    await page.goto('/news/detail/2');
    const reader = player(page);
    await expect(reader).toBeVisible();
    const toggle = reader.locator('[data-reader-toggle]');
    // The player takes the keyboard once it is ready (its buttons are disabled until its script runs).
    await expect(toggle).toBeEnabled();
    for (let i = 0; i < 80 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.play);
    await expect.poll(async () => (await playing(page))?.currentTime ?? 0).toBeGreaterThan(0.2);
    await page.keyboard.press('Space');
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.pause);
    await page.keyboard.press('Space');
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.play);

    await page.keyboard.press('Tab');
    await expect(reader.locator('[data-reader-stop]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(reader.getByLabel(READER_TEXT.speed)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(reader.getByLabel(READER_TEXT.speed)).toHaveValue('1.25');
    await expect.poll(async () => (await playing(page))?.playbackRate).toBe(1.25);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.stop);
    expect(await playing(page)).toBeUndefined();
    await expect(reader.locator('progress')).toHaveJSProperty('value', 0);

    // Leaving the page (pagehide) stops what plays.
    await toggle.click();
    await expect.poll(async () => (await playing(page))?.currentTime ?? 0).toBeGreaterThan(0.2);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.stop);
    expect(await playing(page)).toBeUndefined();
  });

  test('a press on 播放 before the player is ready is not lost: the buttons wait, disabled, until its script runs', async ({ page }) => {
    // A slow device: the player's code arrives 1.5 s late.
    await page.route('**/_astro/ReaderPlayer*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Not waiting for the load event: the page's module scripts, the player's among them, are part of it.
    await page.goto('/news/detail/1', { waitUntil: 'commit' });
    const reader = player(page);
    await expect(reader.getByRole('button', { name: READER_TEXT.play })).toBeDisabled();
    await expect(reader.getByLabel(READER_TEXT.speed)).toBeDisabled();
    // A click waits for the button to be enabled, as a visitor waits for a disabled one.
    await reader.getByRole('button', { name: READER_TEXT.play }).click();
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.play);
    await expect.poll(async () => (await playing(page))?.currentTime ?? 0).toBeGreaterThan(0.2);
  });

  test('the player keeps its place and size when its script starts, and a reader page loads no React', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The server's markup first (the script held back), then the same player once the script runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_astro/ReaderPlayer*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/news/detail/1', { waitUntil: 'commit' });
    const reader = player(page);
    await expect(reader.getByRole('button', { name: READER_TEXT.play })).toBeDisabled();
    // Its left edge and size (its top may move with what the notifications add above the page, not its doing).
    const box = async () => {
      const { x, width, height } = (await reader.boundingBox())!;
      return { x, width, height };
    };
    const before = await box();
    release();
    await expect(reader.getByRole('button', { name: READER_TEXT.play })).toBeEnabled();
    // The manifest is in: the page's duration shows.
    await expect(reader.getByText(/^0:00 \/ \d+:\d\d$/)).not.toHaveText('0:00 / 0:00');
    expect(await box()).toEqual(before);
    // React (its renderer, client.*.js, and the islands' runtime) is for the forms; the player is a plain script.
    expect(scripts.filter((path) => /\/_astro\/(?:client|react|jsx-runtime)\./.test(path))).toEqual([]);
    expect(await page.locator('astro-island').count()).toBe(await page.locator('astro-island[client="intent"]').count());
  });

  test('an audio file that cannot play stops the reader and says so', async ({ page }) => {
    // A file that is not MP3 (a failed request would also be logged as a console error, which fails any test).
    await page.route('**/reader/audio/*.mp3', (route) => route.fulfill({ contentType: 'audio/mpeg', body: 'not an MP3 file' }));
    await page.goto('/news/detail/1');
    const reader = player(page);
    await reader.getByRole('button', { name: READER_TEXT.play }).click();
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.error);
    await expect(reader.getByRole('button', { name: READER_TEXT.play })).toBeVisible();
    await expect(reader.getByRole('button', { name: READER_TEXT.stop })).toBeDisabled();
    expect(await playing(page)).toBeUndefined();
  });

  test('a page whose audio is not made yet shows no player and no error @phone', async ({ page }) => {
    // As a build whose synthesis time budget ran out leaves it: a manifest without segments.
    await page.route('**/reader/*.json', (route) =>
      route.fulfill({ json: { version: 1, page: 'news/detail/1/index.html', durationMs: 0, segments: [] } satisfies ReaderManifest }),
    );
    await page.goto('/news/detail/1');
    await expect(page.locator('main')).toHaveAttribute('data-reader', /^\/reader\/.+\.json$/);
    await expect(player(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: READER_TEXT.play })).toHaveCount(0);
    await expect(page.getByText(READER_TEXT.error)).toHaveCount(0);
  });

  test('axe: no WCAG 2.1 A/AA violations in the player, stopped and playing @phone', async ({ page }) => {
    await page.goto('/insurance/detail/1');
    const reader = player(page);
    await expect(reader).toBeVisible();
    // On phones the notice banner lies over the top of the page until the visitor closes it.
    await page.getByRole('button', { name: '我知道了', exact: true }).click();
    const scan = () => scanWithAxe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'], include: '.reader-player' });
    expect((await scan()).violations).toEqual([]);
    await reader.getByRole('button', { name: READER_TEXT.play }).click();
    await expect(reader.getByRole('status')).toHaveText(READER_TEXT.status.play);
    expect((await scan()).violations).toEqual([]);
  });
});
