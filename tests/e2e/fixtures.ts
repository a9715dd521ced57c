/**
 * Shared fixtures of the end-to-end tests: `page` fails the test on any console error or uncaught page error
 * (issue 2: "no console errors"), and `portal` reads the sample portal's lists through the site's `/api/` proxy,
 * so tests compare pages with the data they were built from.
 */
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { ENDPOINTS, type EndpointName } from '../../src/portal/endpoints';
import { portalUrl } from '../../src/portal/client';

/**
 * Browser messages that are not errors of the site, matched by exact text (DESIGN.md §8: one documented list,
 * never a broad pattern). Chromium rejects a cross-document view transition's internal promise when a link is
 * followed before the old page settles ("opt-in disabled"), or when the new page was already shown before the
 * transition could start ("Page already revealed", seen once when a search was submitted right after the page
 * loaded); the navigation itself completes and nothing is lost. The site's code does not touch view transitions
 * (global.css `@view-transition` only).
 */
export const BENIGN_BROWSER_MESSAGES: readonly string[] = [
  'Transition was aborted because of invalid state. ViewTransition opt-in disabled',
  'Transition was aborted because of invalid state. Page already revealed',
];

export interface PortalReader {
  /** The `data` of a list endpoint. */
  list<T = Record<string, unknown>>(name: EndpointName): Promise<T[]>;
}

function portalReader(request: APIRequestContext): PortalReader {
  return {
    async list<T>(name: EndpointName) {
      const endpoint = ENDPOINTS[name];
      const url = portalUrl(endpoint);
      const response = endpoint.method === 'POST' ? await request.post(url, { data: {} }) : await request.get(url);
      const body = (await response.json()) as { code: number; data: T[] };
      expect(body.code).toBe(20000);
      return body.data;
    },
  };
}

export const test = base.extend<{ portal: PortalReader; consoleErrors: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    const record = (text: string) => {
      if (!BENIGN_BROWSER_MESSAGES.includes(text)) consoleErrors.push(text);
    };
    page.on('console', (message) => {
      if (message.type() === 'error') record(message.text());
    });
    page.on('pageerror', (error) => record(error.message));
    await use(page);
    expect(consoleErrors, 'console errors on the pages of this test').toEqual([]);
  },
  portal: async ({ request }, use) => {
    await use(portalReader(request));
  },
});

export { expect };
