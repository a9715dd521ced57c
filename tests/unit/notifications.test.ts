/**
 * Notifications (REFERENCE.md "Widget states", "Failures"): parsing what the portal answers, the selectors of the bell, banner and system
 * dialog, the silent failure of the check, and the bell's open/closed rules on and off home.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { hashText, isSafeLink, parseNotification, parseNotifications } from '../../src/lib/notifications';
import { NOTIFICATION_CATEGORY } from '../../src/site/limits';
import { timeOf } from '../../src/lib/taipei-dates';
import {
  $bellClosed,
  $homeSeen,
  $bellOpen,
  $confirmedDialogs,
  $dismissedBanners,
  $notificationStatus,
  $notifications,
  arriveAt,
  autoOpenBell,
  bellItems,
  closeBell,
  closeBellOnNavigation,
  confirmSystemDialog,
  dismissBanner,
  keyList,
  loadNotifications,
  openBell,
  pendingBanner,
  pendingDialog,
  startNotificationCheck,
  toggleBell,
  type NotificationFetcher,
} from '../../src/stores/notifications';
import { PortalCodeError } from '../../src/portal/errors';

const raw = [
  { id: 'N1', category: 1, title: '系統維護', description: '週六維護', startDate: '2026-05-19T09:00:00+08:00', nextUrl: '/news/all' },
  { id: 'N2', category: 2, title: '新功能', description: '補件上傳', startDate: '2026-05-18T09:00:00+08:00', nextUrl: '/news/detail/29' },
  { id: 3, category: 2, title: '', description: '連假服務時間', startDate: '2026-05-15' },
  { id: 'N4', category: 2, title: '最新', description: '最新的一則', startDate: '2026-05-19' },
  { id: 'N8', category: 8, title: '颱風', description: '優先查勘', startDate: '2026-05-17', nextUrl: 'https://example.com/typhoon' },
];

const answer =
  (data: unknown): NotificationFetcher =>
  async () => ({ cancelled: false, data });

beforeEach(() => {
  $notifications.set([]);
  $notificationStatus.set('idle');
  $bellOpen.set(false);
  $bellClosed.set(false);
  $homeSeen.set(false);
  $dismissedBanners.set([]);
  $confirmedDialogs.set([]);
});

describe('parseNotification', () => {
  it('keeps the fields of REFERENCE.md "Portal data" and keys items by id', () => {
    expect(parseNotification(raw[0])).toEqual({
      key: 'id:N1',
      category: 1,
      title: '系統維護',
      description: '週六維護',
      startDate: '2026-05-19T09:00:00+08:00',
      nextUrl: '/news/all',
      nextUrlNewTab: false,
    });
    expect(parseNotification(raw[2])?.key).toBe('id:3');
  });

  it('removes bidirectional override and isolate controls, so no text shows reversed', () => {
    const parsed = parseNotification({ category: 2, title: '公告\u202Efdp.exe', description: '\u2066請見\u202E附件\u2069', startDate: '2026-05-19' });
    expect(parsed).toMatchObject({ title: '公告fdp.exe', description: '請見附件' });
  });

  it('keys an item without id by a hash of its content', () => {
    const item = { category: 8, description: '公告', startDate: '2026-05-01' };
    const key = parseNotification(item)?.key;
    expect(key).toMatch(/^h:[0-9a-z]+$/);
    expect(parseNotification({ ...item })?.key).toBe(key);
    expect(parseNotification({ ...item, description: '另一則' })?.key).not.toBe(key);
  });

  it.each([
    ['no category', { description: 'x', startDate: '2026-05-01' }],
    ['a category that is not an integer', { category: '2', description: 'x', startDate: '2026-05-01' }],
    ['no text', { category: 2, description: '  ', startDate: '2026-05-01' }],
    ['no start date', { category: 2, description: 'x' }],
    ['a start date that is not a date', { category: 2, description: 'x', startDate: 'soon' }],
    ['not an object', 'hello'],
    ['null', null],
  ])('leaves out an item with %s', (_, item) => {
    expect(parseNotification(item)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', false],
    ['//evil.example/x', false],
    ['data:text/html,x', false],
    ['/news/all', true],
    ['https://www.hotains.com.tw/x', true],
    ['http://example.com', true],
  ])('nextUrl %s is kept: %s', (nextUrl, kept) => {
    expect(isSafeLink(nextUrl)).toBe(kept);
    // Kept in the form the browser serializes (`http://example.com/`).
    expect(parseNotification({ category: 1, description: 'x', startDate: '2026-05-01', nextUrl })?.nextUrl).toBe(
      kept ? new URL(nextUrl, 'https://site.invalid').href.replace('https://site.invalid', '') : undefined,
    );
  });

  it('hashes texts stably', () => {
    expect(hashText('abc')).toBe(hashText('abc'));
    expect(hashText('abc')).not.toBe(hashText('abd'));
  });
});

describe('parseNotifications', () => {
  it('treats anything but a list as no notifications (REFERENCE.md "Widget states": "an empty list is used")', () => {
    expect(parseNotifications(null)).toEqual([]);
    expect(parseNotifications({ items: [] })).toEqual([]);
  });

  it('drops bad items and keeps the good ones', () => {
    expect(parseNotifications([raw[1], { category: 2 }, raw[3]]).map((item) => item.key)).toEqual(['id:N2', 'id:N4']);
  });
});

describe('selectors', () => {
  const items = parseNotifications(raw);

  it('the bell lists category 2, newest first once the date module is there (portal order before)', () => {
    expect(bellItems(items, timeOf).map((item) => item.key)).toEqual(['id:N4', 'id:N2', 'id:3']);
    expect(bellItems(items).map((item) => item.key)).toEqual(['id:N2', 'id:3', 'id:N4']);
    expect(bellItems(items).every((item) => item.category === NOTIFICATION_CATEGORY.bell)).toBe(true);
  });

  it('a start date without zone is Taipei time: 2026-05-19 (00:00) is older than 2026-05-19T07:00+08:00', () => {
    const day = parseNotifications([
      { id: 'day', category: 2, description: 'a', startDate: '2026-05-19' },
      { id: 'morning', category: 2, description: 'b', startDate: '2026-05-19T07:00:00+08:00' },
    ]);
    expect(bellItems(day, timeOf).map((item) => item.key)).toEqual(['id:morning', 'id:day']);
  });

  it('the banner is the first category 8 not dismissed', () => {
    expect(pendingBanner(items, [])?.key).toBe('id:N8');
    expect(pendingBanner(items, ['id:N8'])).toBeUndefined();
  });

  it('the dialog is the first category 1 not confirmed', () => {
    expect(pendingDialog(items, [])?.key).toBe('id:N1');
    expect(pendingDialog(items, ['id:N1'])).toBeUndefined();
  });

  it('ignores stored key lists that are not lists', () => {
    expect(keyList('id:N8')).toEqual([]);
    expect(keyList(['id:N8', 3])).toEqual(['id:N8']);
    expect(pendingBanner(items, { 'id:N8': true })?.key).toBe('id:N8');
  });
});

describe('loadNotifications', () => {
  it('keeps the parsed list of a successful check', async () => {
    await loadNotifications(undefined, answer(raw));
    expect($notificationStatus.get()).toBe('loaded');
    expect($notifications.get()).toHaveLength(raw.length);
  });

  it('uses an empty list when the portal sends none', async () => {
    await loadNotifications(undefined, answer([]));
    expect($notifications.get()).toEqual([]);
    expect($notificationStatus.get()).toBe('loaded');
  });

  it.each([
    ['a non-20000 code', () => Promise.reject(new PortalCodeError('POST /api/Common/GetPortalNotification', 40000, 'x'))],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails silently on %s: empty list, no throw', async (_, fetcher) => {
    $notifications.set(parseNotifications(raw));
    await expect(loadNotifications(undefined, fetcher as NotificationFetcher)).resolves.toBeUndefined();
    expect($notifications.get()).toEqual([]);
    expect($notificationStatus.get()).toBe('failed');
  });

  it('changes nothing when cancelled (not an error, REFERENCE.md "Failures")', async () => {
    await loadNotifications(undefined, async () => ({ cancelled: true }));
    expect($notificationStatus.get()).toBe('idle');
    expect($notifications.get()).toEqual([]);
  });

  it('passes the cancel token to the fetcher', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    await loadNotifications(controller.signal, async (signal) => {
      seen = signal;
      return { cancelled: false, data: [] };
    });
    expect(seen).toBe(controller.signal);
  });
});

describe('startNotificationCheck', () => {
  it('asks the portal once per page, however many callers start it (layout script, then island)', async () => {
    $notificationStatus.set('idle');
    let calls = 0;
    const fetcher: NotificationFetcher = async () => {
      calls += 1;
      return { cancelled: false, data: raw };
    };
    startNotificationCheck(fetcher);
    expect($notificationStatus.get()).toBe('loading');
    startNotificationCheck(fetcher);
    await Promise.resolve();
    await Promise.resolve();
    startNotificationCheck(fetcher);
    expect(calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect($notificationStatus.get()).toBe('loaded');
    expect($notifications.get()).toHaveLength(raw.length);
    startNotificationCheck(fetcher);
    expect(calls).toBe(1);
  });
});

describe('the bell (REFERENCE.md "Widget states")', () => {
  beforeEach(async () => {
    await loadNotifications(undefined, answer(raw));
  });

  it('opens by itself on home once the system dialog is confirmed, not behind it', () => {
    arriveAt(true);
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(false);
    confirmSystemDialog(pendingDialog($notifications.get(), [])!);
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(true);
  });

  it('opens by itself on home when no system dialog waits', async () => {
    await loadNotifications(undefined, answer(raw.filter((item) => item.category !== 1)));
    arriveAt(true);
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(true);
  });

  it('does not open by itself on other pages, and leaving home marks it closed', async () => {
    await loadNotifications(undefined, answer(raw.filter((item) => item.category !== 1)));
    arriveAt(true);
    arriveAt(false);
    autoOpenBell(false);
    expect($bellOpen.get()).toBe(false);
    expect($bellClosed.get()).toBe(true);
    arriveAt(true);
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(false);
  });

  it('opens by itself on the first view of home whatever page came first', async () => {
    await loadNotifications(undefined, answer(raw.filter((item) => item.category !== 1)));
    arriveAt(false);
    autoOpenBell(false);
    expect($bellOpen.get()).toBe(false);
    expect($bellClosed.get()).toBe(false);
    arriveAt(true);
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(true);
  });

  it('does not open by itself again once the visitor closed it', () => {
    arriveAt(true);
    autoOpenBell(true);
    closeBell();
    expect($bellOpen.get()).toBe(false);
    expect($bellClosed.get()).toBe(true);
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(false);
  });

  it('does not open by itself with nothing to show', async () => {
    await loadNotifications(undefined, answer([]));
    autoOpenBell(true);
    expect($bellOpen.get()).toBe(false);
  });

  it('toggles, and a navigation closes it without marking it closed', () => {
    toggleBell();
    expect($bellOpen.get()).toBe(true);
    closeBellOnNavigation();
    expect($bellOpen.get()).toBe(false);
    expect($bellClosed.get()).toBe(false);
    openBell();
    toggleBell();
    expect($bellOpen.get()).toBe(false);
    expect($bellClosed.get()).toBe(true);
  });
});

describe('banner and dialog', () => {
  it('a dismissed banner is remembered once', () => {
    dismissBanner('id:N8');
    dismissBanner('id:N8');
    expect($dismissedBanners.get()).toEqual(['id:N8']);
  });

  it('confirming the dialog remembers it and gives its nextUrl', () => {
    const [dialog] = parseNotifications([raw[0]]);
    expect(confirmSystemDialog(dialog)).toBe('/news/all');
    expect($confirmedDialogs.get()).toEqual(['id:N1']);
    const [plain] = parseNotifications([{ ...raw[0], id: 'N9', nextUrl: undefined }]);
    expect(confirmSystemDialog(plain)).toBeUndefined();
  });
});
