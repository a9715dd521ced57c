/**
 * Notifications of any number (REFERENCE.md "Widget states"): what the browser keeps of an answer (selectNotifications) is at most
 * NOTIFICATIONS_SHOWN_MAX per category, newest first, the rest counted; ordering without the date module
 * (startTime) agrees with it (timeOf); the count the bell shows (countText); the store keeps only the selection.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { countText, parseNotifications, selectNotifications, selectNotificationsInSlices, startTime } from '../../src/lib/notifications';
import { timeOf } from '../../src/lib/taipei-dates';
import { NOTIFICATION_CATEGORY, NOTIFICATION_COUNT_MAX, NOTIFICATIONS_SHOWN_MAX } from '../../src/site/limits';
import { $confirmedDialogs, $dismissedBanners, $notifications, $notificationsNotShown, loadNotifications } from '../../src/stores/notifications';

/** `count` items of `category` dated one day apart from 2026-01-01 onwards (the last is the newest). */
const daily = (category: number, count: number, prefix = `c${category}`) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    category,
    title: `${prefix} ${i}`,
    description: `公告 ${i}`,
    startDate: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
  }));

const keys = (items: { key: string }[]) => items.map((item) => item.key);

describe('startTime', () => {
  it.each([
    '2026-05-19',
    '2026/05/19',
    '2026-5-9',
    '2026-05-19 09:30',
    '2026-05-19T09:30:15',
    '2026-05-19T09:30:15.250',
    '2026-05-19T17:30:00Z',
    '2026-05-19T09:30:00+08:00',
    '2026-05-19T09:30:00+0800',
    '2026-05-19T09:30:00-05:00',
    '2026-05-19T09:30:00-05',
    ' 2026-05-19 ',
  ])('%s is the instant the date module reads (Taipei time without a zone), to the second', (text) => {
    expect(Math.floor(startTime(text) / 1000)).toBe(Math.floor(timeOf(text.trim()) / 1000));
  });

  it.each(['', 'tomorrow', '19/05/2026', '2026-05-19T9:30', '2026-05-19 junk', `2026-05-19${' '.repeat(10)}x`])('"%s" has no time (NaN)', (text) =>
    expect(startTime(text)).toBeNaN(),
  );
});

describe('selectNotifications', () => {
  it('keeps at most NOTIFICATIONS_SHOWN_MAX per category, newest first, dialog then bell then banner; counts the rest', () => {
    const data = [...daily(2, 50), ...daily(8, 10), ...daily(1, 7), ...daily(5, 4)];
    const { items, notShown } = selectNotifications(data);
    const of = (category: number) => items.filter((item) => item.category === category);
    expect(of(1)).toHaveLength(NOTIFICATIONS_SHOWN_MAX.dialog);
    expect(of(2)).toHaveLength(NOTIFICATIONS_SHOWN_MAX.bell);
    expect(of(8)).toHaveLength(NOTIFICATIONS_SHOWN_MAX.banner);
    expect(of(5)).toHaveLength(0);
    expect(items).toHaveLength(NOTIFICATIONS_SHOWN_MAX.dialog + NOTIFICATIONS_SHOWN_MAX.bell + NOTIFICATIONS_SHOWN_MAX.banner);
    expect([...new Set(items.map((item) => item.category))]).toEqual([1, 2, 8]);
    expect(keys(of(2)).slice(0, 3)).toEqual(['id:c2-49', 'id:c2-48', 'id:c2-47']);
    expect(keys(of(1))).toEqual(['id:c1-6', 'id:c1-5', 'id:c1-4']);
    expect(notShown).toEqual({
      1: 7 - NOTIFICATIONS_SHOWN_MAX.dialog,
      2: 50 - NOTIFICATIONS_SHOWN_MAX.bell,
      8: 10 - NOTIFICATIONS_SHOWN_MAX.banner,
    });
  });

  it('orders by instant (a date without zone is Taipei midnight), ties in the portal order', () => {
    const { items } = selectNotifications([
      { id: 'day', category: 2, description: 'a', startDate: '2026-05-19' },
      { id: 'morning', category: 2, description: 'b', startDate: '2026-05-19T07:00:00+08:00' },
      { id: 'utc-eve', category: 2, description: 'c', startDate: '2026-05-18T17:00:00Z' }, // 05-19 01:00 Taipei
      { id: 'same-1', category: 2, description: 'd', startDate: '2026-05-01' },
      { id: 'same-2', category: 2, description: 'e', startDate: '2026-05-01' },
    ]);
    expect(keys(items)).toEqual(['id:morning', 'id:utc-eve', 'id:day', 'id:same-1', 'id:same-2']);
  });

  it('agrees with parsing everything and sorting by the date module, cut at the cap', () => {
    const data = [...daily(2, 40), ...daily(2, 40, 'again')].reverse();
    const reference = parseNotifications(data)
      .map((item, index) => ({ item, index, time: timeOf(item.startDate) }))
      .sort((a, b) => b.time - a.time || a.index - b.index)
      .map(({ item }) => item)
      .slice(0, NOTIFICATIONS_SHOWN_MAX.bell);
    expect(selectNotifications(data).items).toEqual(reference);
  });

  it('an unusable item does not take a place: the next newest usable one does, and it is not counted', () => {
    const data = [
      ...daily(2, 25),
      { id: 'bad-date', category: 2, description: '不存在的日期', startDate: '2099-02-30' },
      { id: 'blank', category: 2, description: '\u200b ', startDate: '2099-01-01' },
      { id: 'no-date', category: 2, description: '無日期', startDate: 'soon' },
      { id: 'text-not-string', category: 2, description: 42, startDate: '2099-01-01' },
      { id: 'category-text', category: '2', description: '文字分類', startDate: '2099-01-01' },
      null,
      'text',
    ];
    const { items, notShown } = selectNotifications(data);
    expect(items).toHaveLength(NOTIFICATIONS_SHOWN_MAX.bell);
    expect(keys(items)[0]).toBe('id:c2-24');
    expect(keys(items)).not.toContain('id:bad-date');
    // 28 candidates passed the cheap checks; 2 of the 22 examined were unusable; 25 - 20 = 5 were never examined
    // plus the undated one, which sorts last.
    expect(notShown[NOTIFICATION_CATEGORY.bell]).toBe(6);
  });

  it('dismissed banners and confirmed dialogs never take the place of one still to show', () => {
    const data = [...daily(8, 6), ...daily(1, 6)];
    const { items } = selectNotifications(data, {
      [NOTIFICATION_CATEGORY.banner]: ['id:c8-5', 'id:c8-4'],
      [NOTIFICATION_CATEGORY.dialog]: ['id:c1-5'],
    });
    expect(keys(items)).toEqual(['id:c1-4', 'id:c1-3', 'id:c1-2', 'id:c8-3', 'id:c8-2', 'id:c8-1']);
  });

  it('anything but an array is no notifications', () => {
    for (const data of [null, undefined, {}, 'x', 3]) expect(selectNotifications(data)).toEqual({ items: [], notShown: { 1: 0, 2: 0, 8: 0 } });
  });

  // How long this takes is measured by `npm run bench -- --only timings` (scripts/bench/timings.mjs), beside its budget.
  it('of 10,000 items with long texts, keeps the most each place shows and counts the rest', () => {
    const long = '保險理賠服務時間調整。'.repeat(200);
    const data = Array.from({ length: 10_000 }, (_, i) => ({
      id: i,
      category: [1, 2, 8][i % 3],
      title: long,
      description: long,
      startDate: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}+08:00`,
    }));
    const { items, notShown } = selectNotifications(data);
    expect(items).toHaveLength(NOTIFICATIONS_SHOWN_MAX.dialog + NOTIFICATIONS_SHOWN_MAX.bell + NOTIFICATIONS_SHOWN_MAX.banner);
    expect(notShown[NOTIFICATION_CATEGORY.bell]).toBe(3_333 - NOTIFICATIONS_SHOWN_MAX.bell);
  });
});

describe('selectNotificationsInSlices', () => {
  it('gives what selectNotifications gives, reading `slice` items per task', async () => {
    const data = [...daily(2, 4_500), ...daily(8, 30), ...daily(1, 9), { category: 2 }, null];
    const done = { [NOTIFICATION_CATEGORY.banner]: ['id:c8-29'] };
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
    };
    expect(await selectNotificationsInSlices(data, done, pause, 1_000)).toEqual(selectNotifications(data, done));
    // 4,541 items: a pause before each of the 5 slices and one before the picking.
    expect(pauses).toBe(6);
    pauses = 0;
    expect(await selectNotificationsInSlices(daily(2, 10), {}, pause, 1_000)).toEqual(selectNotifications(daily(2, 10)));
    expect(pauses, 'an answer within one slice is read in one go').toBe(0);
    expect(await selectNotificationsInSlices('x', {}, pause)).toEqual({ items: [], notShown: { 1: 0, 2: 0, 8: 0 } });
  });
});

describe('countText', () => {
  it(`shows the number up to ${NOTIFICATION_COUNT_MAX}, then ${NOTIFICATION_COUNT_MAX}+; nothing for none`, () => {
    expect(countText(0)).toBe('');
    expect(countText(4)).toBe('4');
    expect(countText(NOTIFICATION_COUNT_MAX)).toBe(String(NOTIFICATION_COUNT_MAX));
    expect(countText(NOTIFICATION_COUNT_MAX + 1)).toBe(`${NOTIFICATION_COUNT_MAX}+`);
    expect(countText(10_000)).toBe(`${NOTIFICATION_COUNT_MAX}+`);
  });
});

describe('loadNotifications keeps the selection', () => {
  beforeEach(() => {
    $notifications.set([]);
    $dismissedBanners.set([]);
    $confirmedDialogs.set([]);
  });

  it('stores at most the caps and the counts of the rest; dismissed banners are passed over', async () => {
    $dismissedBanners.set(['id:c8-9']);
    const data = [...daily(2, 3_000), ...daily(8, 10), ...daily(1, 2)];
    await loadNotifications(undefined, async () => ({ cancelled: false, data }));
    expect($notifications.get()).toHaveLength(NOTIFICATIONS_SHOWN_MAX.bell + NOTIFICATIONS_SHOWN_MAX.banner + 2);
    expect($notifications.get().find((item) => item.category === 8)?.key).toBe('id:c8-8');
    expect($notificationsNotShown.get()[NOTIFICATION_CATEGORY.bell]).toBe(3_000 - NOTIFICATIONS_SHOWN_MAX.bell);
  });

  it('a failed check clears the counts too', async () => {
    $notificationsNotShown.set({ 2: 5 });
    await loadNotifications(undefined, () => Promise.reject(new TypeError('Failed to fetch')));
    expect($notificationsNotShown.get()).toEqual({});
  });
});
