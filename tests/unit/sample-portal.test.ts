/**
 * The sample portal over real HTTP: every catalogue endpoint answers with the portal envelope, every list
 * parses against the site's schemas, the assets the content points at are served, and each fault mode
 * behaves as documented in scripts/sample-portal/README.md.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'astro/zod';
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../src/portal/endpoints.ts';
import { PORTAL_LISTS, PORTAL_LIST_NAMES, type PortalListName } from '../../src/portal/lists.ts';
import { ARTICLE_SECTIONS } from '../../src/site/sections.ts';
import { PORTAL_LIST_ENTRIES } from '../../src/site/lists.ts';
import { parseNotification } from '../../src/lib/notifications.ts';
import { parseRateLimit, parseStrict, startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import sharp from 'sharp';
import { PHOTO_TYPES } from '../../scripts/sample-portal/photos.mjs';
import { generateScaled, LARGE_CATEGORY, SCALED_ID_BASE } from '../../scripts/sample-portal/generate.mjs';

type Portal = Awaited<ReturnType<typeof startSamplePortal>>;
interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/**
 * The least number of items the sample content has, per portal list (their schemas: PORTAL_LISTS) as the list
 * registry declares (src/site/lists.ts: an entry's `least`), and notifications.
 */
const LEAST_ITEMS: Record<PortalListName | 'notifications', number> = {
  ...(Object.fromEntries(PORTAL_LIST_NAMES.map((name) => [name, PORTAL_LIST_ENTRIES[name].least])) as Record<PortalListName, number>),
  notifications: 5,
};

/**
 * What keeps items of a list from the site: the issues of the list's schema (a portal list, parsed at build time), or
 * for notifications the items the browser's parser (src/lib/notifications.ts) drops.
 */
function unusable(name: PortalListName | 'notifications', items: unknown[]): unknown[] {
  if (name === 'notifications') return items.filter((item) => parseNotification(item) === undefined);
  const result = z.array(PORTAL_LISTS[name]).safeParse(items);
  return result.success ? [] : result.error.issues;
}

/**
 * Time bound of the test that fetches every image of the sample, ms. On a fresh clone the photo cache
 * (scripts/sample-portal/photos.mjs PHOTO_CACHE_DIR) is empty, so that test draws every photograph: about 5 s alone on
 * 2 cores, and CI saw it pass 20 s beside the type check and the other unit files (`npm test` step 3). The bound only
 * stops a hung request; the test asserts no speed.
 */
const COLD_PHOTOS_TIMEOUT_MS = 120_000;

/** POST bodies the endpoints need (others get `{}`). */
const BODIES: Partial<Record<EndpointName, unknown>> = { listCodes: { codeType: 'ProblemType' } };

let portal: Portal;
let storeDir: string;

/** Call a catalogue endpoint the way the site does: its method, default query, JSON, no-cache. */
async function call(name: EndpointName, init: { body?: unknown; query?: Record<string, string>; signal?: AbortSignal } = {}) {
  const endpoint = ENDPOINTS[name];
  const url = new URL(endpoint.path, portal.url);
  const query = { ...('query' in endpoint ? endpoint.query : {}), ...init.query };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return fetch(url, {
    method: endpoint.method,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
    body: endpoint.method === 'POST' ? JSON.stringify(init.body ?? BODIES[name] ?? {}) : undefined,
    signal: init.signal,
  });
}

async function callJson(name: EndpointName, init?: Parameters<typeof call>[1]): Promise<Envelope> {
  return (await call(name, init)).json() as Promise<Envelope>;
}

async function data<T = Record<string, unknown>[]>(name: EndpointName): Promise<T> {
  const envelope = await callJson(name);
  expect(envelope.code).toBe(20000);
  return envelope.data as T;
}

/** A contact form that passes the shared schema (src/lib/forms/contact.ts), without its captcha. */
const VALID_CONTACT = {
  name: '王小明',
  phone: '0912-345-678',
  email: 'test@example.com',
  problemType: '01',
  policyNo: '',
  nationalId: 'A123456789',
  content: '請問保單如何變更地址？',
  consent: true,
};

/** A captcha and its answer (read through the test-only control route). */
async function solvedCaptcha() {
  const { data: captcha } = (await callJson('captcha')) as { data: { captchaId: string; image: string } };
  const answer = await fetch(`${portal.url}/__sample/captcha/${captcha.captchaId}`).then((r) => r.json());
  return { ...captcha, answer: answer.data.answer as string };
}

beforeAll(async () => {
  storeDir = await mkdtemp(path.join(os.tmpdir(), 'sample-portal-test-'));
  // No rate limit here: this file sends more forms than 5 a minute (the limit has its own portal below).
  portal = await startSamplePortal({ storeFile: path.join(storeDir, 'submissions.jsonl'), notifications: 'all', rateLimit: 0 });
});

afterAll(async () => {
  await portal?.close();
  await rm(storeDir, { recursive: true, force: true });
});

beforeEach(() => portal.setFaults({}));

describe('endpoints', () => {
  // The form submissions and the captcha's spoken form need a real payload: tested on their own below.
  const NEED_PAYLOAD = ['addProblemForm', 'addAppointment', 'captchaAudio'];
  test.each(Object.keys(ENDPOINTS).filter((name) => !NEED_PAYLOAD.includes(name)) as EndpointName[])(
    '%s answers 20000 with its catalogue method',
    async (name) => {
      const response = await call(name);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const envelope = (await response.json()) as Envelope;
      expect(envelope).toMatchObject({ code: 20000, message: '成功' });
      expect(envelope.data).not.toBeNull();
    },
  );

  test('addProblemForm accepts a form with the right captcha and stores it as JSON Lines', async () => {
    const { captchaId, answer, image } = await solvedCaptcha();
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.split(',')[1], 'base64').toString()).toContain('<svg');
    const envelope = await callJson('addProblemForm', {
      body: { ...VALID_CONTACT, captchaId, captcha: answer.toUpperCase(), name: '王小明', problemType: '02', content: '想詢問理賠進度' },
    });
    expect(envelope.code).toBe(20000);
    const { ticketNo } = envelope.data as { ticketNo: string };
    expect(ticketNo).toMatch(/^CS\d{8}\d{4}$/);
    const lines = (await readFile(path.join(storeDir, 'submissions.jsonl'), 'utf8')).trim().split('\n');
    const stored = JSON.parse(lines.at(-1)!);
    expect(stored).toMatchObject({ form: 'problemForm', ticketNo, payload: { name: '王小明', content: '想詢問理賠進度' } });
    expect(stored.payload).not.toHaveProperty('captcha');
  });

  test('addProblemForm refuses a wrong captcha with 40002 驗證碼錯誤, and a captcha is good for one try', async () => {
    const { captchaId, answer } = await solvedCaptcha();
    const wrong = await callJson('addProblemForm', { body: { captchaId, captcha: `${answer}x`, content: '…' } });
    expect(wrong).toEqual({ code: 40002, message: '驗證碼錯誤', data: null });
    const reused = await callJson('addProblemForm', { body: { captchaId, captcha: answer, content: '…' } });
    expect(reused.code).toBe(40002);
    expect((await callJson('addProblemForm', { body: {} })).code).toBe(40002);
  });

  test('listCodes answers the question types for ProblemType and needs a codeType', async () => {
    const types = (await callJson('listCodes')).data as { code: string; name: string }[];
    expect(types.map((t) => t.name)).toEqual(['保單服務', '理賠服務', '網路投保', '繳費問題', '申訴', '其他']);
    expect((await callJson('listCodes', { body: { codeType: 'Unknown' } })).data).toEqual([]);
    expect((await callJson('listCodes', { body: {} })).code).not.toBe(20000);
  });

  test('holidays filter by year', async () => {
    const y2026 = (await callJson('holidays', { query: { year: '2026' } })).data as { date: string; name: string }[];
    expect(y2026.length).toBeGreaterThan(10);
    expect(y2026.every((h) => h.date.startsWith('2026-'))).toBe(true);
    expect(y2026).toContainEqual({ date: '2026-10-10', name: '國慶日' });
    const all = (await callJson('holidays')).data as { date: string }[];
    expect(new Set(all.map((h) => h.date.slice(0, 4)))).toEqual(new Set(['2025', '2026', '2027']));
    expect((await callJson('holidays', { query: { year: 'abc' } })).code).not.toBe(20000);
  });

  test('decrees answer the catalogue language and nothing for another', async () => {
    expect(((await callJson('decrees')).data as unknown[]).length).toBeGreaterThanOrEqual(6);
    expect((await callJson('decrees', { query: { lang: 'en' } })).data).toEqual([]);
  });

  test('notifications: one dialog, 3–4 bell items, one banner, all started in the past', async () => {
    const list = await data<{ category: number; startDate: string; nextUrl?: string }[]>('notifications');
    const byCategory = (c: number) => list.filter((n) => n.category === c);
    expect(byCategory(1)).toHaveLength(1);
    expect(byCategory(1)[0].nextUrl).toMatch(/^\//);
    expect(byCategory(2).length).toBeGreaterThanOrEqual(3);
    expect(byCategory(2).length).toBeLessThanOrEqual(4);
    expect(byCategory(8)).toHaveLength(1);
    for (const n of list) expect(Date.parse(n.startDate)).toBeLessThan(Date.now());
  });

  test('notifications can be switched off (option or SAMPLE_PORTAL_NOTIFICATIONS=none)', async () => {
    const previous = process.env.SAMPLE_PORTAL_NOTIFICATIONS;
    process.env.SAMPLE_PORTAL_NOTIFICATIONS = 'none';
    const quiet = await startSamplePortal();
    try {
      const envelope = await fetch(new URL(ENDPOINTS.notifications.path, quiet.url), { method: 'POST' }).then((r) => r.json());
      expect(envelope).toEqual({ code: 20000, message: '成功', data: [] });
    } finally {
      await quiet.close();
      if (previous === undefined) delete process.env.SAMPLE_PORTAL_NOTIFICATIONS;
      else process.env.SAMPLE_PORTAL_NOTIFICATIONS = previous;
    }
  });

  test('a wrong method gets 405, an unknown path 404, both with a non-20000 envelope', async () => {
    const wrong = await fetch(new URL(ENDPOINTS.news.path, portal.url), { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
    expect(((await wrong.json()) as Envelope).code).not.toBe(20000);
    const missing = await fetch(`${portal.url}/api/Nope/Nothing`);
    expect(missing.status).toBe(404);
    expect((await missing.json()) as Envelope).toMatchObject({ code: 40400, data: null });
  });

  test('CORS preflight', async () => {
    const response = await fetch(new URL(ENDPOINTS.captcha.path, portal.url), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4321',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,cache-control',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('cache-control');
  });

  test('lists carry an ETag and answer 304 to If-None-Match', async () => {
    const first = await call('news');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(new URL(ENDPOINTS.news.path, portal.url), { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  test('a photograph carries an ETag and answers 304 to If-None-Match, again and again; another tag gets the bytes', async () => {
    const url = `${portal.url}/upload/images/event/15.jpg`;
    const first = await fetch(url);
    const bytes = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    for (let i = 0; i < 2; i++) {
      const again = await fetch(url, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    }
    const other = await fetch(url, { headers: { 'If-None-Match': '"not-this-one"' } });
    expect(other.status).toBe(200);
    expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(true);
    expect(other.headers.get('etag')).toBe(etag);
  });
});

describe('forms (shared schema, rate limit)', () => {
  // Appointments on a portal whose clock says Monday 2026-09-14, 10:00 in Taipei: bookable 09-15 … 11-13, with
  // 2026-09-25 (中秋節) a holiday on a Friday.
  let clocked: Portal;
  beforeAll(async () => {
    clocked = await startSamplePortal({
      storeFile: path.join(storeDir, 'submissions.jsonl'),
      rateLimit: 0,
      now: () => new Date('2026-09-14T02:00:00Z'),
    });
  });
  afterAll(() => clocked?.close());

  const book = (body: unknown) =>
    fetch(new URL(ENDPOINTS.addAppointment.path, clocked.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Envelope>);

  const appointment = (patch: Record<string, unknown> = {}) => ({
    serviceType: 'interpret',
    language: 'vi',
    address: '',
    date: '2026-09-16',
    time: '09:00',
    name: '阮氏梅',
    phone: '02-2562-8888',
    email: 'mai@example.com',
    note: '',
    consent: true,
    ...patch,
  });

  test('addProblemForm validates with the shared schema after the captcha: 40003, messages name the fields', async () => {
    const { captchaId, answer } = await solvedCaptcha();
    const bad = await callJson('addProblemForm', {
      body: { ...VALID_CONTACT, captchaId, captcha: answer, phone: '12345', nationalId: 'A123456788', consent: false },
    });
    expect(bad.code).toBe(40003);
    expect(bad.message).toContain('聯絡電話格式不正確');
    expect(bad.message).toContain('身分證字號檢查碼不正確');
    expect(bad.message).toContain('隱私權保護政策');
    expect(bad.data).toBeNull();
    const unknownType = await solvedCaptcha();
    const refused = await callJson('addProblemForm', {
      body: { ...VALID_CONTACT, captchaId: unknownType.captchaId, captcha: unknownType.answer, problemType: '99' },
    });
    expect(refused).toMatchObject({ code: 40003, message: expect.stringContaining('問題類別') });
  });

  test('captchaAudio answers the characters of a live captcha without spending it', async () => {
    const { captchaId, answer } = await solvedCaptcha();
    expect((await callJson('captchaAudio', { body: { captchaId } })).data).toEqual({ text: answer });
    const accepted = await callJson('addProblemForm', { body: { ...VALID_CONTACT, captchaId, captcha: answer } });
    expect(accepted.code).toBe(20000);
    expect((await callJson('captchaAudio', { body: { captchaId } })).code).toBe(40004);
    expect((await callJson('captchaAudio', { body: {} })).code).toBe(40004);
  });

  test('addAppointment stores a valid appointment (language kept only for interpretation)', async () => {
    const envelope = await book(appointment({ address: '不該保留' }));
    expect(envelope.code).toBe(20000);
    const { ticketNo } = envelope.data as { ticketNo: string };
    expect(ticketNo).toMatch(/^SV20260914\d{4}$/);
    const lines = (await readFile(path.join(storeDir, 'submissions.jsonl'), 'utf8')).trim().split('\n');
    const stored = lines.map((line) => JSON.parse(line)).find((record) => record.ticketNo === ticketNo);
    expect(stored).toMatchObject({ form: 'appointment', payload: { serviceType: 'interpret', language: 'vi', address: '' } });
  });

  test.each([
    ['a Saturday', { date: '2026-09-19' }, '2026/09/19（六） 為週末'],
    ['a holiday', { date: '2026-09-25' }, '2026/09/25（五） 為國定假日（中秋節）'],
    ['yesterday', { date: '2026-09-13' }, '預約日期需介於 2026/09/15（二） 至 2026/11/13（五） 之間'],
    ['today', { date: '2026-09-14' }, '預約日期需介於'],
    ['a day past the window', { date: '2026-11-16' }, '預約日期需介於'],
    ['a day that does not exist', { date: '2026-02-30' }, '預約日期格式不正確'],
    ['a slot at lunch', { time: '12:30' }, '此時段不提供預約'],
    ['a slot after hours', { time: '17:30' }, '此時段不提供預約'],
    ['interpretation without a language', { language: '' }, '請選擇通譯語言'],
    ['a home visit without an address', { serviceType: 'visit', address: '' }, '請輸入到府服務的完整地址'],
    ['an unknown service', { serviceType: 'massage' }, '請選擇服務項目'],
    ['a bad phone', { phone: '0912' }, '聯絡電話格式不正確'],
    ['no consent', { consent: false }, '請閱讀並勾選同意隱私權保護政策'],
  ])('addAppointment refuses %s with 40003 and a message naming it', async (_name, patch, message) => {
    const envelope = await book(appointment(patch));
    expect(envelope.code).toBe(40003);
    expect(envelope.message).toContain(message);
  });

  test('rate limit: the 6th submission within a minute from one client gets 42900; another client is not affected', async () => {
    const limited = await startSamplePortal({ storeFile: path.join(storeDir, 'limited.jsonl'), rateLimit: '5/60000' });
    try {
      const send = (client: string) =>
        fetch(new URL(ENDPOINTS.addAppointment.path, limited.url), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
          body: JSON.stringify({}),
        }).then((r) => r.json() as Promise<Envelope>);
      for (let i = 0; i < 5; i += 1) expect((await send('203.0.113.7')).code).toBe(40003);
      const sixth = await send('203.0.113.7');
      expect(sixth.code).toBe(42900);
      expect(sixth.message).toMatch(/送出次數過於頻繁，請於 60 秒後再試/);
      expect((await send('198.51.100.2')).code).toBe(40003);
    } finally {
      await limited.close();
    }
  });

  test('parseRateLimit reads numbers, "max/windowMs" and objects, and refuses nonsense', () => {
    expect(parseRateLimit(undefined)).toEqual({ max: 5, windowMs: 60_000 });
    expect(parseRateLimit('10')).toEqual({ max: 10, windowMs: 60_000 });
    expect(parseRateLimit('3/1000')).toEqual({ max: 3, windowMs: 1000 });
    expect(parseRateLimit(0)).toEqual({ max: 0, windowMs: 60_000 });
    expect(() => parseRateLimit('many')).toThrow(/bad rate limit/);
  });
});

describe('content', () => {
  test.each([...PORTAL_LIST_NAMES, 'notifications' as const])('%s items parse as the site parses them', async (name) => {
    const items = await data<unknown[]>(name);
    expect(items.length).toBeGreaterThanOrEqual(LEAST_ITEMS[name]);
    expect(unusable(name, items)).toEqual([]);
    const ids = items.map((item) => String((item as { id?: unknown }).id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  // The article sections of the registry (src/site/sections.ts): their items and categories.
  test.each(Object.values(ARTICLE_SECTIONS).map((section) => [section.list, section.categories] as [EndpointName, EndpointName]))(
    'every %s item belongs to an existing category, every category has items',
    async (list, categories) => {
      const ids = new Set((await data(categories)).map((c) => String(c.id)));
      const items = await data(list);
      for (const item of items) expect(ids).toContain(String(item.categoryId));
      for (const id of ids) expect(items.some((item) => String(item.categoryId) === id)).toBe(true);
    },
  );

  test('the offer announced ahead of its start counts its days from SAMPLE_PORTAL_TODAY (one day for a whole test run)', async () => {
    vi.stubEnv('SAMPLE_PORTAL_TODAY', '2026-12-31');
    const shared = portal;
    portal = await startSamplePortal();
    try {
      const coupons = await data<{ date: string; startDate?: string }[]>('coupons');
      const upcoming = coupons.filter((item) => (item.startDate ?? '') > '2026-12-31');
      expect(upcoming.map(({ date, startDate }) => ({ date, startDate }))).toEqual([{ date: '2026-12-29', startDate: '2027-01-20' }]);
    } finally {
      vi.unstubAllEnvs();
      await portal.close();
      portal = shared;
    }
  });

  test('events link somewhere; news has pinned items', async () => {
    for (const event of await data('events')) expect(event.link).toMatch(/^https:\/\//);
    expect((await data('news')).filter((item) => item.isTop === true).length).toBeGreaterThanOrEqual(2);
  });

  test('FAQ: X-name categories, 6+ items each, sort numbers not already in order', async () => {
    const categories = await data<{ id: number; name: string }[]>('faqCategories');
    const faqs = await data<{ firstCategory: number; secondCategorySort: number }[]>('faqs');
    for (const category of categories) {
      expect(category.name).toMatch(/^\d+-\S/);
      expect(faqs.filter((f) => f.firstCategory === category.id).length).toBeGreaterThanOrEqual(6);
    }
    const unsorted = categories.filter((category) => {
      const sorts = faqs.filter((f) => f.firstCategory === category.id).map((f) => f.secondCategorySort);
      return sorts.some((value, i) => i > 0 && value < sorts[i - 1]);
    });
    expect(unsorted.length).toBeGreaterThanOrEqual(categories.length - 1);
  });

  test('locations: 3+ branches per area; downloads: some items paginate (> 10 files)', async () => {
    const areas = await data('locationCategories');
    const locations = await data('locations');
    for (const area of areas) expect(locations.filter((l) => l.areaId === area.id).length).toBeGreaterThanOrEqual(3);
    const downloads = await data<{ files: unknown[]; category: number }[]>('downloads');
    for (const item of downloads) expect(item.files.length).toBeGreaterThanOrEqual(3);
    expect(downloads.filter((item) => item.files.length > 10).length).toBeGreaterThanOrEqual(2);
  });

  test('decree ids mix numbers and strings', async () => {
    const kinds = new Set((await data('decrees')).map((d) => typeof d.id));
    expect(kinds).toEqual(new Set(['number', 'string']));
  });

  test(
    'every image and document the content points at is served under /upload/',
    async () => {
      const images = new Set<string>();
      const files = new Set<string>();
      const withImages = [...Object.values(ARTICLE_SECTIONS).map((section) => section.list), 'coupons', 'videos', 'homeBanners'];
      for (const name of withImages as EndpointName[]) {
        for (const item of await data(name)) {
          for (const key of ['image', 'mobileImage']) if (typeof item[key] === 'string') images.add(item[key] as string);
        }
      }
      for (const item of await data<{ files: { fileUrl: string }[] }[]>('downloads')) for (const f of item.files) files.add(f.fileUrl);
      for (const item of await data('publicDisclosures')) if (item.fileUrl) files.add(item.fileUrl as string);
      expect(images.size).toBeGreaterThan(40);
      expect(files.size).toBeGreaterThan(60);
      // Photographs as editors upload them (photos.mjs): the type its extension names, at the uploads' sizes.
      const formats = new Set<string>();
      for (const image of images) {
        expect(image).toMatch(/^images\/[a-z]+\/[\w-]+\.(?:jpg|png|webp|gif)$/);
        const response = await fetch(`${portal.url}/upload/${image}`);
        expect(response.status, image).toBe(200);
        expect(response.headers.get('content-type')).toBe(PHOTO_TYPES[image.split('.').at(-1) as keyof typeof PHOTO_TYPES]);
        expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        formats.add(
          `${meta.format}${meta.space === 'cmyk' ? ' cmyk' : ''}${meta.isProgressive ? ' progressive' : ''}${(meta.pages ?? 1) > 1 ? ' animated' : ''}`,
        );
        if (image.startsWith('images/banner/')) expect([meta.width, meta.height], image).toEqual(image.endsWith('-m.jpg') ? [750, 900] : [1920, 672]);
        else expect(meta.width, image).toBeGreaterThanOrEqual(320);
      }
      expect(formats).toEqual(new Set(['jpeg', 'jpeg progressive', 'jpeg cmyk', 'png', 'webp', 'gif animated']));
      for (const file of files) {
        expect(file).toMatch(/^files\/[a-z]+\/\d+\.pdf$/);
        const response = await fetch(`${portal.url}/upload/${file}`);
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(
          Buffer.from(await response.arrayBuffer())
            .subarray(0, 8)
            .toString('latin1'),
        ).toBe('%PDF-1.4');
      }
      expect((await fetch(`${portal.url}/upload/images/coupon/999999.png`)).status).toBe(404);
    },
    COLD_PHOTOS_TIMEOUT_MS,
  );

  test('a generated PDF has a cross-reference table that points at its objects', async () => {
    const pdf = Buffer.from(await (await fetch(`${portal.url}/upload/files/download/12.pdf`)).arrayBuffer()).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBe(7);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
  });
});

describe('faults', () => {
  test('down: the socket closes without an answer', async () => {
    portal.setFaults({ news: 'down' });
    await expect(call('news')).rejects.toThrow(TypeError);
    expect((await callJson('events')).code).toBe(20000);
  });

  // How long a slow answer takes is measured by `npm run bench -- --only timings` (scripts/bench/timings.mjs).
  test('slow: answers normally after delayMs; a client timeout gives up first', async () => {
    portal.setFaults({ news: { mode: 'slow', delayMs: 300 } });
    expect((await callJson('news')).code).toBe(20000);
    portal.setFaults({ news: 'slow' }); // default 20 s
    await expect(call('news', { signal: AbortSignal.timeout(150) })).rejects.toThrow();
  });

  test('http500: HTTP 500 with a text body', async () => {
    portal.setFaults({ decrees: 'http500' });
    const response = await call('decrees');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain('Internal Server Error');
  });

  test('code: HTTP 200 with code 50001 系統維護中', async () => {
    portal.setFaults({ coupons: 'code' });
    const response = await call('coupons');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 50001, message: '系統維護中', data: null });
  });

  test('malformed: HTTP 200 with truncated JSON', async () => {
    portal.setFaults({ faqs: 'malformed' });
    const response = await call('faqs');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('{"code":20000')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  test('badItem: the first item breaks its schema (news id 42 loses title), the rest stay valid', async () => {
    portal.setFaults({ news: 'badItem', notifications: 'badItem', locations: 'badItem' });
    const response = await call('news');
    expect(response.headers.get('x-sample-bad-item')).toBe('id=42; field=title');
    const envelope = (await response.json()) as Envelope;
    expect(envelope.code).toBe(20000);
    const result = z.array(PORTAL_LISTS.news).safeParse(envelope.data);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path)).toEqual([[0, 'title']]);

    // The browser's parser drops the first notification, for its start date, and keeps the rest.
    const notifications = (await callJson('notifications')).data as unknown[];
    expect(notifications.map((item) => parseNotification(item) !== undefined)).toEqual(notifications.map((_, index) => index > 0));
    expect(parseNotification({ ...(notifications[0] as object), startDate: '2026-05-19' })).toBeDefined();
    const locations = z.array(PORTAL_LISTS.locations).safeParse((await callJson('locations')).data);
    expect(locations.error!.issues.map((issue) => issue.path)).toEqual([[0, 'name']]);
  });

  test('badItem:<id>: the item of that id breaks its schema, wherever it stands, the rest stay valid', async () => {
    portal.setFaults({ news: 'badItem:40' });
    const response = await call('news');
    expect(response.headers.get('x-sample-bad-item')).toBe('id=40; field=title');
    const items = ((await response.json()) as Envelope).data as { id: unknown }[];
    const result = z.array(PORTAL_LISTS.news).safeParse(items);
    const at = items.findIndex((item) => item.id === 40);
    expect(at).toBeGreaterThan(0);
    expect(result.error!.issues.map((issue) => issue.path)).toEqual([[at, 'title']]);
    portal.setFaults({ news: { mode: 'badItem', id: 'no-such-item' } });
    expect((await call('news')).headers.get('x-sample-bad-item')).toBe('none (no item no-such-item)');
  });

  test('empty: 20000 with data []', async () => {
    portal.setFaults({ winners: 'empty' });
    expect(await callJson('winners')).toEqual({ code: 20000, message: '成功', data: [] });
  });

  test('times: a fault that wears off after N requests; * applies to every endpoint', async () => {
    portal.setFaults({ news: { mode: 'http500', times: 2 } });
    expect((await call('news')).status).toBe(500);
    expect((await call('news')).status).toBe(500);
    expect((await call('news')).status).toBe(200);
    portal.setFaults({ '*': 'code', videos: 'empty' });
    expect((await callJson('staff')).code).toBe(50001);
    expect((await callJson('videos')).data).toEqual([]);
  });

  test('faults are validated', () => {
    expect(() => portal.setFaults({ newz: 'down' })).toThrow(/unknown endpoint/);
    expect(() => portal.setFaults({ news: 'explode' })).toThrow(/unknown fault mode/);
  });

  test('control routes set, show and clear faults at runtime', async () => {
    const set = await fetch(`${portal.url}/__sample/faults`, { method: 'POST', body: JSON.stringify({ shares: 'code' }) });
    expect(((await set.json()) as Envelope).data).toEqual({ shares: { mode: 'code' } });
    expect((await callJson('shares')).code).toBe(50001);
    const shown = await fetch(`${portal.url}/__sample/faults`).then((r) => r.json());
    expect(shown.data).toEqual({ shares: { mode: 'code' } });
    await fetch(`${portal.url}/__sample/faults`, { method: 'DELETE' });
    expect((await callJson('shares')).code).toBe(20000);
    const bad = await fetch(`${portal.url}/__sample/faults`, { method: 'POST', body: JSON.stringify({ shares: 'nope' }) });
    expect(bad.status).toBe(400);
  });

  test('SAMPLE_PORTAL_FAULTS sets faults at start', async () => {
    const previous = process.env.SAMPLE_PORTAL_FAULTS;
    process.env.SAMPLE_PORTAL_FAULTS = JSON.stringify({ staff: 'http500' });
    const faulty = await startSamplePortal({ faults: { videos: 'empty' } });
    try {
      expect((await fetch(new URL(ENDPOINTS.staff.path, faulty.url))).status).toBe(500);
      expect((await fetch(new URL(ENDPOINTS.videos.path, faulty.url)).then((r) => r.json())).data).toEqual([]);
    } finally {
      await faulty.close();
      if (previous === undefined) delete process.env.SAMPLE_PORTAL_FAULTS;
      else process.env.SAMPLE_PORTAL_FAULTS = previous;
    }
  });
});

describe('request counter', () => {
  test('counts requests per endpoint name, faulted ones included, and resets', async () => {
    await fetch(`${portal.url}/__sample/requests`, { method: 'DELETE' });
    portal.setFaults({ news: { mode: 'http500', times: 1 } });
    await call('news');
    await call('news');
    await call('news');
    await call('captcha');
    const counts = (await fetch(`${portal.url}/__sample/requests`).then((r) => r.json())).data;
    expect(counts).toMatchObject({ news: 3, captcha: 1, events: 0 });
    expect(Object.keys(counts).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    await fetch(`${portal.url}/__sample/requests`, { method: 'DELETE' });
    expect((await fetch(`${portal.url}/__sample/requests`).then((r) => r.json())).data.news).toBe(0);
  });
});

describe('scale', () => {
  test('generateScaled(n) makes n valid items with unique ids, downloads, FAQ and locations each in one category', () => {
    type Item = { id: number; date?: string; title: string; category?: number; firstCategory?: number; areaId?: number };
    const names = ['news', 'events', 'winners', 'shares', 'coupons', 'downloads', 'faqs', 'locations'] as const;
    const lists = generateScaled(1000) as unknown as Record<(typeof names)[number], Item[]>;
    let total = 0;
    for (const name of names) {
      const items = lists[name];
      total += items.length;
      const result = z.array(PORTAL_LISTS[name]).safeParse(items);
      expect(result.success ? [] : result.error.issues.slice(0, 3)).toEqual([]);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      expect(items.every((i) => i.id >= SCALED_ID_BASE && (i.date === undefined || (i.date >= '2024-12-01' && i.date <= '2026-11-20')))).toBe(true);
    }
    expect(total).toBe(1000);
    // The bench's large categories (2,100 download items in one category at 10,000 items).
    expect(new Set(lists.downloads.map((i) => i.category))).toEqual(new Set([LARGE_CATEGORY.downloads]));
    expect(new Set(lists.faqs.map((i) => i.firstCategory))).toEqual(new Set([LARGE_CATEGORY.faqs]));
    expect(new Set(lists.locations.map((i) => i.areaId))).toEqual(new Set([LARGE_CATEGORY.locations]));
    expect(lists.downloads).toHaveLength(210);
    expect(generateScaled(1000)).toEqual(lists);
    expect(new Set(lists.news.map((n) => n.title)).size).toBeGreaterThan(lists.news.length / 2);
  });

  test('a scaled portal serves the extra items and their images', async () => {
    const big = await startSamplePortal({ scale: 500 });
    try {
      const news = (await fetch(new URL(ENDPOINTS.news.path, big.url)).then((r) => r.json())).data;
      expect(news.length).toBe((await data('news')).length + 170);
      const coupon = (await fetch(new URL(ENDPOINTS.coupons.path, big.url)).then((r) => r.json())).data.find(
        (c: { id: number }) => c.id >= SCALED_ID_BASE,
      );
      expect((await fetch(`${big.url}/upload/${coupon.image}`)).status).toBe(200);
    } finally {
      await big.close();
    }
  });
});

/**
 * REFERENCE.md "Portal API": the endpoints the insurer's portal has, i.e. the catalogue's entries not marked `beyondSpec`
 * (src/portal/endpoints.ts). What keeps the marks honest: every list the build loads (PORTAL_LISTS, hence every
 * section of the registry) must be one of them, since a build cannot depend on a call the portal may not answer; the
 * calls beyond the spec are the browser's own (POST) calls, each of which copes with a 404; and strict mode answers
 * exactly these (below).
 */
const SPEC_7 = Object.values(ENDPOINTS)
  .filter((endpoint) => !endpoint.beyondSpec)
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`);

describe('strict mode (REFERENCE.md "Portal API" endpoints only: a call beyond the spec answers 404)', () => {
  const entries = Object.entries(ENDPOINTS) as [EndpointName, Endpoint][];
  const beyond = entries.filter(([, endpoint]) => endpoint.beyondSpec).map(([name]) => name);

  test('the catalogue marks beyondSpec only browser calls, never a list the build loads', () => {
    const lists = new Set<string>(PORTAL_LIST_NAMES);
    for (const name of PORTAL_LIST_NAMES) {
      expect([name, `${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`]).toEqual([name, expect.toBeOneOf(SPEC_7)]);
    }
    for (const name of beyond) expect([name, ENDPOINTS[name].method, lists.has(name)]).toEqual([name, 'POST', false]);
    // Every endpoint has its own path, each under /api/.
    const paths = entries.map(([, e]) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/api\/[A-Za-z]+\/[A-Za-z]+$/);
  });

  test('answers every endpoint of REFERENCE.md "Portal API" and 404 to the others; files and control routes stay', async () => {
    const strict = await startSamplePortal({ strict: true });
    try {
      expect(strict.strict).toBe(true);
      for (const [name, endpoint] of entries) {
        const url = new URL(endpoint.path, strict.url);
        for (const [key, value] of Object.entries(endpoint.query ?? {})) url.searchParams.set(key, value);
        const response = await fetch(url, {
          method: endpoint.method,
          headers: { 'Content-Type': 'application/json' },
          body: endpoint.method === 'POST' ? JSON.stringify(BODIES[name] ?? {}) : undefined,
        });
        const envelope = (await response.json()) as Envelope;
        if (beyond.includes(name)) {
          expect([name, response.status, envelope]).toEqual([name, 404, { code: 40400, message: '查無此服務', data: null }]);
        } else {
          expect([name, response.status]).toEqual([name, 200]);
          // The contact form answers its business refusal (no captcha); every other endpoint succeeds.
          expect([name, envelope.code]).toEqual([name, name === 'addProblemForm' ? 40002 : 20000]);
        }
      }
      // Whatever the method: the path does not exist.
      expect((await fetch(new URL(ENDPOINTS.addAppointment.path, strict.url))).status).toBe(404);
      const coupons = ((await fetch(new URL(ENDPOINTS.coupons.path, strict.url)).then((r) => r.json())) as Envelope).data as {
        image: string;
      }[];
      expect((await fetch(`${strict.url}/upload/${coupons[0]!.image}`)).status).toBe(200);
      const index = (await fetch(`${strict.url}/__sample`).then((r) => r.json())) as Envelope;
      expect(index.data).toMatchObject({ strict: true });
      expect(Object.keys((index.data as { endpoints: object }).endpoints)).not.toContain('addAppointment');
    } finally {
      await strict.close();
    }
    // The normal mode still answers them (tested above); here only that it is the default.
    expect(portal.strict).toBe(false);
    expect((await call('captchaAudio', { body: { captchaId: 'gone' } })).status).toBe(200);
  });

  test('SAMPLE_PORTAL_STRICT=1 switches it on; a value that is not 1/0/true/false is refused by name', async () => {
    const previous = process.env.SAMPLE_PORTAL_STRICT;
    process.env.SAMPLE_PORTAL_STRICT = '1';
    try {
      const strict = await startSamplePortal();
      try {
        expect((await fetch(new URL(ENDPOINTS.captchaAudio.path, strict.url), { method: 'POST', body: '{}' })).status).toBe(404);
      } finally {
        await strict.close();
      }
      process.env.SAMPLE_PORTAL_STRICT = 'yes';
      await expect(startSamplePortal()).rejects.toThrow('SAMPLE_PORTAL_STRICT must be 1 or 0, got "yes"');
    } finally {
      if (previous === undefined) delete process.env.SAMPLE_PORTAL_STRICT;
      else process.env.SAMPLE_PORTAL_STRICT = previous;
    }
    expect([parseStrict(undefined), parseStrict(''), parseStrict('0'), parseStrict('false'), parseStrict(false)]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([parseStrict('1'), parseStrict('TRUE'), parseStrict(true)]).toEqual([true, true, true]);
  });
});

describe('imports: the one door into src/ (scripts/sample-portal/site-rules.mjs, REFERENCE.md "Layers")', () => {
  const repo = path.resolve(import.meta.dirname, '../..');
  const portalDir = path.join(repo, 'scripts/sample-portal');
  const door = path.join(portalDir, 'site-rules.mjs');
  const inSrc = (file: string) => file.startsWith(path.join(repo, 'src') + path.sep);
  /**
   * The modules of src/ the door may open: the endpoint catalogue, the forms' rules, the Taipei calendar (with the
   * portal date reader it uses), the portal boundary's rules (the hostile corpus's limits), the settings
   * (SAMPLE_PORTAL_*), and the site constants they name.
   */
  const mayOpen = (file: string) =>
    [
      path.join(repo, 'src/portal/endpoints.ts'),
      path.join(repo, 'src/lib/taipei-dates.ts'),
      path.join(repo, 'src/portal/date-parser.ts'),
      path.join(repo, 'src/portal/validation.ts'),
      path.join(repo, 'src/settings.ts'),
    ].includes(file) ||
    path.dirname(file) === path.join(repo, 'src/lib/forms') ||
    file.startsWith(path.join(repo, 'src/site') + path.sep);
  /** The specifiers a module imports or re-exports (static and literal dynamic imports), relative ones resolved. */
  const importsOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map(([, spec]) =>
      spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec,
    );
  const filesUnder = (dir: string, ext: RegExp) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => ext.test(file))
      .map((file) => path.join(dir, file));

  test('no sample-portal module but site-rules.mjs imports from src/', () => {
    const portalFiles = filesUnder(portalDir, /\.mjs$/);
    expect(portalFiles).toContain(door);
    const backDoors = portalFiles
      .filter((file) => file !== door)
      .flatMap((file) =>
        importsOf(file)
          .filter(inSrc)
          .map((spec) => `${file} → ${spec}`),
      );
    expect(backDoors).toEqual([]);
  });

  test('site-rules.mjs opens only pure modules: the catalogue, src/lib/forms/, the dates modules, the site constants, and what they import (zod, dayjs)', () => {
    const opened = importsOf(door);
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((spec) => !mayOpen(spec))).toEqual([]);
    // Everything those modules load, transitively: within the same set, or the packages zod and dayjs.
    const seen = new Set<string>();
    const outside: string[] = [];
    for (let queue = [...opened]; queue.length > 0; ) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (path.isAbsolute(spec) ? !mayOpen(spec) : !/^(zod|dayjs)(\/|$)/.test(spec)) outside.push(`${file} → ${spec}`);
        else if (path.isAbsolute(spec)) queue.push(spec);
      }
    }
    expect(outside).toEqual([]);
  });

  test('src/ imports nothing from scripts/', () => {
    const scriptsDir = path.join(repo, 'scripts') + path.sep;
    const backImports = filesUnder(path.join(repo, 'src'), /\.(ts|tsx|mjs|astro)$/).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith(scriptsDir))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(backImports).toEqual([]);
  });
});
