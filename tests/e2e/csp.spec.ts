/**
 * The production Content-Security-Policy in the end-to-end tests: the site is served with the headers of
 * `dist/_headers` (scripts/serve.mjs, as nginx and the CDN send them), and the shared fixture (tests/e2e/fixtures.ts)
 * fails every test whose pages break that policy:
 * - pages answer with the header policy, including what only a header can carry (`frame-ancestors`);
 * - a script injected into a document that only the header governs (a text file of the site) does not run, the
 *   violation is recorded, and the test's closing check fails on it;
 * - an inline style attribute injected into a page is refused and recorded the same way.
 */
import { expect, expectNoCspViolations, test } from './fixtures';

/** Drops the browser's own log lines of the refusals this test provoked (one per policy that refused), by their start. */
function allowRefusal(consoleErrors: string[], start: string): void {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.startsWith(start)));
}

test('pages answer with the header policy: nothing by default, no framing, the same policy on every page', async ({ page }) => {
  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain("'unsafe-inline'");
  expect((await page.goto('/claim'))?.headers()['content-security-policy']).toBe(policy);
  expect((await page.request.get('/robots.txt')).headers()['content-security-policy']).toBe(policy);
});

test('an injected inline script does not run under the header policy, and the check fails on it', async ({ page, consoleErrors, cspViolations }) => {
  // A text file has no meta policy: only the header can stop the script. (Its tab asks for /favicon.ico, which is
  // no file of the site: answered empty here, so that 404 is not this test's console error.)
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto('/robots.txt');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.documentElement.append(script);
    return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
  });
  expect(ran, 'the injected script ran').toBe(false);
  await expect.poll(() => cspViolations.join('\n')).toContain('script-src-elem blocked inline on /robots.txt');
  expect(() => expectNoCspViolations(cspViolations)).toThrow(/Content-Security-Policy violations/);
  cspViolations.length = 0;
  allowRefusal(consoleErrors, 'Executing inline script violates the following Content Security Policy directive');
});

test('an injected inline style attribute is refused on a page, and the check fails on it', async ({ page, consoleErrors, cspViolations }) => {
  await page.goto('/claim');
  const outline = await page.evaluate(() => {
    document.body.setAttribute('style', 'outline: 7px solid red');
    return getComputedStyle(document.body).outlineWidth;
  });
  expect(outline, 'the injected style applied').not.toBe('7px');
  await expect.poll(() => cspViolations.join('\n')).toContain('style-src-attr blocked inline on /claim');
  expect(() => expectNoCspViolations(cspViolations)).toThrow(/Content-Security-Policy violations/);
  cspViolations.length = 0;
  allowRefusal(consoleErrors, 'Applying inline style violates the following Content Security Policy directive');
});
