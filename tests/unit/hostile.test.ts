/**
 * The hostile corpus at the data boundary (REFERENCE.md "Portal boundary": one validation layer), with no build: every item the sample portal serves with
 * SAMPLE_PORTAL_CORPUS=hostile passes its list's schema (so the corpus build completes) with its rich text made
 * inert; every item of HOSTILE_REJECTED fails the list's parser with a message naming the list, the item, the field
 * and the rule, as the build prints it; every item of HOSTILE_WARNED is published with a warning. The browser side is tests/build/hostile.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { parseList } from '../../src/portal/check-list';
import { PortalSchemaError } from '../../src/portal/errors';
import type { EndpointName } from '../../src/portal/endpoints';
import { PORTAL_LISTS } from '../../src/portal/lists';
import { sanitizeRichText } from '../../src/portal/sanitize';
import {
  HOSTILE_BIDI_FILE_TITLE,
  HOSTILE_ID_PAIR,
  HOSTILE_REJECTED,
  HOSTILE_WARNED,
  RICH_TEXT_PAYLOADS,
  hostileLists,
} from '../../scripts/sample-portal/content/hostile.mjs';
import { elementId } from '../../src/lib/element-id';
import { faqAnchor } from '../../src/sections/faq';
import { isUploadPath } from '../../src/portal/links';
import { uploadType } from '../../src/site/uploads';
import { referenceWarnings } from '../../src/integrations/pipeline';
import { buildDataset } from '../../scripts/sample-portal/data.mjs';

const schemaOf = (list: string): z.ZodType => {
  const schema = (PORTAL_LISTS as Partial<Record<string, z.ZodType>>)[list];
  if (!schema) throw new Error(`no schema for ${list}`);
  return schema;
};

/** Markup that must never survive sanitizing. */
const DANGEROUS = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /data:/i,
  /<svg/i,
  /<math/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<style/i,
  /\sstyle\s*=/i,
  /<base/i,
  /<meta/i,
  /<link/i,
  /srcset/i,
  /srcdoc/i,
];

describe('hostile corpus: items rendered safely', () => {
  it('has at least 50 hostile items across the lists, mixed into the sample portal only when asked', () => {
    const lists = hostileLists();
    const count = Object.values(lists).reduce((sum, items) => sum + items.length, 0);
    expect(count).toBeGreaterThanOrEqual(50);
    expect(Object.keys(lists).length).toBeGreaterThanOrEqual(10);
    const plain = buildDataset();
    const hostile = buildDataset({ corpus: 'hostile' });
    expect(hostile.lists.news.length).toBe(plain.lists.news.length + lists.news.length);
    expect(JSON.stringify(plain.lists)).not.toContain('__pwned');
    expect(() => buildDataset({ corpus: 'evil' as never })).toThrow(/corpus must be one of none, hostile/);
  });

  it.each(Object.entries(hostileLists()))('every hostile %s item passes its schema', (list, items) => {
    const parsed = parseList(list as EndpointName, schemaOf(list), items);
    expect(parsed).toHaveLength(items.length);
  });

  it.each(RICH_TEXT_PAYLOADS)('rich text "%s" comes out inert', (_name, html) => {
    const safe = sanitizeRichText(html);
    for (const pattern of DANGEROUS) expect(safe, `${pattern} in ${safe}`).not.toMatch(pattern);
    // Text that cannot mislead: no bidi override or isolate, no link to an upload of another type, no relative image.
    expect(safe).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    for (const [, href] of safe.matchAll(/href="([^"]*)"/g)) {
      const { pathname } = new URL(href!.replaceAll('&amp;', '&'), 'https://www.hotains.com.tw/');
      if (isUploadPath(pathname)) expect(uploadType(pathname), href).toBeDefined();
    }
    for (const [, src] of safe.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)) expect(src).toMatch(/^(\/|https:)/);
  });

  it('leaves no bidirectional override or isolate character in any parsed hostile item (titles, file names, rich text)', () => {
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
    for (const [list, items] of Object.entries(hostileLists())) {
      for (const { id, data } of parseList(list as EndpointName, schemaOf(list), items)) {
        for (const text of strings(data)) expect(text, `${list} ${id}`).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      }
    }
    const download = parseList('downloads', schemaOf('downloads'), hostileLists().downloads).find((item) => item.id === 'hostile-bidi-download')!;
    expect((download.data as { files: { title: string }[] }).files[0]!.title).toBe(HOSTILE_BIDI_FILE_TITLE.replace('\u202E', ''));
  });

  it('resolves the clean relative image and removes the others, links only upload files of allowed types', () => {
    const html = (name: string) => RICH_TEXT_PAYLOADS.find(([payload]) => payload === name)![1];
    expect(sanitizeRichText(html('relative image paths'), '/upload/')).toBe(
      '<p><img src="/upload/images/news/41.svg" alt="相對路徑圖" loading="lazy" /></p>',
    );
    expect(sanitizeRichText(html('upload links of other types'), '/upload/')).toBe(
      '<p><a>領取優惠</a> <a>腳本</a> <a>轉址</a> <a href="/upload/hostile/clear.pdf">條款 PDF</a></p>',
    );
  });

  it('gives the ids x and x-title of one disclosure category, and an FAQ id group-0, element ids unique on their pages', () => {
    const disclosures = (hostileLists().publicDisclosures as { id: unknown; category: unknown }[]).filter((item) => item.category === 1);
    const ids = disclosures.flatMap((item) => [elementId('disclosure', String(item.id)), `${elementId('disclosure', String(item.id))}-title`]);
    expect(disclosures.map((item) => item.id)).toEqual(expect.arrayContaining([...HOSTILE_ID_PAIR]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(faqAnchor({ id: 'group-0' })).not.toBe('faq-group-0');
  });

  it('keeps the harmless part of a payload: text, allowed links (with rel on new tabs), tables', () => {
    expect(sanitizeRichText('<p>前言</p><script>x()</script>')).toBe('<p>前言</p>');
    expect(sanitizeRichText('<a href="https://evil.example/" target="_blank">外部網站</a>')).toBe(
      '<a href="https://evil.example/" target="_blank" rel="noopener noreferrer">外部網站<span class="visually-hidden">（另開新視窗）</span></a>',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">點我</a>')).toBe('<a>點我</a>');
    expect(sanitizeRichText('<div><p>未關閉<table><tr><td>格')).toMatch(/<\/td><\/tr><\/table><\/p><\/div>$|<\/table>/);
  });
});

describe('hostile corpus: items the build rejects', () => {
  it.each(HOSTILE_REJECTED.map((entry) => [entry.reason, entry] as const))('%s fails naming list, item and field', (_reason, entry) => {
    let error: unknown;
    try {
      parseList(entry.list as EndpointName, schemaOf(entry.list), [...(entry.before ?? []), entry.item]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PortalSchemaError);
    const schemaError = error as PortalSchemaError;
    expect(schemaError.list).toBe(entry.list);
    expect(schemaError.fields).toContain(entry.field);
    expect(schemaError.message).toContain(`list "${entry.list}"`);
    expect(schemaError.message).toContain(`field "${entry.field}"`);
    expect(schemaError.message).toContain(String(entry.item.id).slice(0, 5));
    // One format for every refusal, so editors read them alike: `field "<field>": rule "<rule>": <reason>`.
    expect(schemaError.message).toMatch(new RegExp(`field "${entry.field}": rule "${entry.rule ?? '[a-z-]+'}": `));
  });

  it('names both items of a collision (café in NFC and NFD)', () => {
    const entry = HOSTILE_REJECTED.find((candidate) => candidate.reason === 'café in NFC, then in NFD')!;
    expect(() => parseList('news', schemaOf('news'), [...entry.before!, entry.item])).toThrow(
      /item id "cafe\u0301" \(#1\): field "id": rule "unique-id": duplicate id: the same as item id "caf\u00e9" \(#0\)/,
    );
  });
});

describe('hostile corpus: items the build publishes with a warning', () => {
  it.each(HOSTILE_WARNED.map((entry) => [entry.item.id, entry] as const))(
    '%s: its reference matches nothing, and the build says so',
    (_id, entry) => {
      const lists = hostileLists() as Record<string, Record<string, unknown>[]>;
      expect(lists[entry.list]).toContainEqual(entry.item);
      const records = [entry.list, entry.target].map((list) => ({
        list,
        endpoint: `GET /${list}`,
        items: lists[list]!.length,
        source: 'live' as const,
        fetchedAt: '',
        ageHours: 0,
        entries: parseList(list as EndpointName, schemaOf(list), lists[list]).map(({ id, data }) => ({ id, data: data as Record<string, unknown> })),
      }));
      expect(referenceWarnings(records as never)).toContain(
        `Portal GET /${entry.list}: list "${entry.list}", item id "${String(entry.item.id)}": field "${entry.field}": ` +
          `rule "reference": "hostile-missing" is no id of list "${entry.target}": the item is on none of that list's pages`,
      );
    },
  );
});
