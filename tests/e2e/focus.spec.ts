/**
 * Focus always visible (WCAG 2.2 SC 2.4.11 Focus Not Obscured, minimum): a keyboard visitor tabbing through a page
 * never lands on an element that the page's sticky and fixed parts (the header, the notice banner, the bell panel,
 * the dock, the cookie notice, the chat button, back-to-top) cover entirely. Every template is walked Tab by Tab at
 * 390 and 1440 px with the largest font size (字級), the notice banner showing and, on home, the bell panel that
 * opened by itself; at each stop `elementFromPoint` over a grid of points of the focused element's box must reach
 * the element (or something inside it) at least once.
 */
import type { Page } from '@playwright/test';
import { FONT_SIZE_STORAGE_KEY } from '../../src/browser/font-size';
import { FONT_SIZE } from '../../src/site/limits';
import { expect, test } from './fixtures';
import { TEMPLATES } from './templates';

/** The most Tab presses per page: past it the walk stops (the longest templates, the site map, repeat their kind). */
const MAX_STOPS = 160;

/** The widths walked (px): a phone and a desktop window. */
const WIDTHS = [390, 1440] as const;

/**
 * The focused element when it is entirely covered by another element, as a description ('' when some of it shows or
 * nothing is focused). Points of a 5 × 5 grid over the part of its box inside the window are probed.
 */
function coveredFocus(): string {
  const focused = document.activeElement as HTMLElement | null;
  if (!focused || focused === document.body || focused === document.documentElement) return '';
  const box = focused.getBoundingClientRect();
  const left = Math.max(0, box.left);
  const right = Math.min(window.innerWidth, box.right);
  const top = Math.max(0, box.top);
  const bottom = Math.min(window.innerHeight, box.bottom);
  // Nothing drawn (a visually hidden element) or outside the window: no covering to speak of.
  if (box.width < 1 || box.height < 1 || right - left < 1 || bottom - top < 1) return '';
  let cover: Element | null = null;
  for (let i = 0; i < 5; i += 1) {
    for (let j = 0; j < 5; j += 1) {
      const x = left + ((right - left) * (i + 0.5)) / 5;
      const y = top + ((bottom - top) * (j + 0.5)) / 5;
      const hit = document.elementFromPoint(x, y);
      if (!hit || focused.contains(hit) || hit.contains(focused)) return '';
      cover ??= hit;
    }
  }
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
  const label = (focused.textContent || focused.getAttribute('aria-label') || '').trim().slice(0, 30);
  return `${name(focused)} 「${label}」 at y=${Math.round(box.top)} under ${cover ? name(cover.closest('[class]') ?? cover) : '?'}`;
}

/**
 * The page function (installed by `walk`) that returns `[coveredFocus(), the focused element's path, whether focus has
 * left the page, the stop's state]` (past the last stop the browser takes focus out of the document, and the next Tab
 * starts again at the page's first stop). The state is what decides the probe's answer: the focused element's path,
 * the scroll position, the page's height and the controls now expanded (the bell, a menu, a dock panel) or dialogs open.
 */
const PROBE = '__e2eFocusProbe';

/** The Tab key as Playwright's `keyboard.press('Tab')` sends it to Chromium (Input.dispatchKeyEvent, no modifiers). */
const TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, modifiers: 0, location: 0 } as const;

/**
 * Tabs through the page from its top, returning the stops where the focused element was entirely covered. The walk
 * begins where the test left focus (in the bell panel, which closes once focus leaves it), goes to the page's end,
 * then round the page again from its first stop until it reaches a state (`PROBE`) the first part of the walk was in:
 * from there on the second round repeats the first stop for stop (measured on every template at both widths: the
 * same elements, scroll positions and probe results to the page's end), so it is not walked again; nor is a further
 * round. The walk also ends back at its first stop (home, where it begins at the top), when focus leaves the page for
 * the second time, or after MAX_STOPS. Each stop
 * is what `page.keyboard.press('Tab')` then a `page.evaluate` of the probe would be (the key's down and up, then the
 * probe once the key is handled, in the page's main world), sent straight over the page's DevTools session: the
 * walk's hundreds of stops then cost the browser and the test no more than the key and the probe themselves.
 */
async function walk(page: Page): Promise<string[]> {
  await page.evaluate(
    ([name, probe]) => {
      const covered = new Function(`return (${probe})`)() as () => string;
      (window as unknown as Record<string, () => [string, string, boolean, string]>)[name] = () => {
        const path: number[] = [];
        for (let node = document.activeElement; node?.parentElement; node = node.parentElement)
          path.push([...node.parentElement.children].indexOf(node));
        const open = [...document.querySelectorAll('[aria-expanded="true"], dialog[open], [aria-modal="true"]')].map(
          (element) => element.id || element.getAttribute('aria-controls') || element.tagName,
        );
        const state = `${path.join('.')} ${scrollX},${scrollY} ${document.documentElement.scrollHeight} ${open.join(',')}`;
        return [covered(), path.join('.'), !document.hasFocus(), state];
      };
    },
    [PROBE, coveredFocus.toString()] as const,
  );
  const session = await page.context().newCDPSession(page);
  try {
    const covered: string[] = [];
    let first: unknown;
    let exits = 0;
    /** The states of the walk's first part, up to the first time focus leaves the page. */
    const firstPart = new Set<string>();
    for (let stop = 0; stop < MAX_STOPS; stop += 1) {
      // Down then up without waiting in between, as a key is pressed; the probe only once both are handled.
      await Promise.all([
        session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...TAB }),
        session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...TAB }),
      ]);
      const answer = await session.send('Runtime.evaluate', { expression: `${PROBE}()`, returnByValue: true });
      if (answer.exceptionDetails)
        throw new Error(`the focus probe failed: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
      const [found, key, left, state] = answer.result.value as [string, string, boolean, string];
      // Back at the first stop, or out of the page a second time: the walk has gone round the page.
      if (stop > 0 && key === first) break;
      if (left && ++exits === 2) break;
      // In a state of the first part again: the rest was walked and probed there.
      if (exits === 0) firstPart.add(state);
      else if (firstPart.has(state)) break;
      first ??= key;
      if (found) covered.push(found);
    }
    return covered;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px with the largest font size, the notice banner and the bell panel`, () => {
    test.beforeEach(async ({ page }) => {
      // Focus moves scroll at once (the end of a smooth scroll, where it would stop, without waiting for it).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // The top document only: the video list's embedded players have no storage to write to.
      await page.addInitScript(
        ([key, step]) => {
          if (window === window.top) localStorage.setItem(key, step);
        },
        [FONT_SIZE_STORAGE_KEY, String(FONT_SIZE.max)],
      );
      await page.setViewportSize({ width, height: width < 1024 ? 780 : 900 });
    });

    for (const [name, path] of TEMPLATES) {
      test(`${name} (${path}): no Tab stop is covered by a sticky or fixed part`, async ({ page, consoleErrors }) => {
        test.setTimeout(90_000);
        await page.goto(path);
        // The 404 page answers 404, which the browser logs; exactly that line is expected there.
        if (name === '404') {
          const expected = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
          consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => text !== expected));
        }
        await expect(page.locator('.notice-banner')).toBeVisible();
        if (path === '/') await expect(page.locator('[data-bell-panel]')).toBeVisible();
        else {
          // Elsewhere the visitor opens the panel (focus moves into it), then goes on with the keyboard.
          await page.locator('[data-bell-trigger]').click();
          await expect(page.locator('[data-bell-panel]')).toBeVisible();
          // Focus moves into the panel in the next frame: the visitor's next key comes after it, the walk's too (on a
          // loaded machine a Tab sent at once went from the bell to the banner under the panel).
          await expect(page.locator('[data-bell-panel]')).toBeFocused();
        }
        expect(await walk(page)).toEqual([]);
      });
    }
  });
}
