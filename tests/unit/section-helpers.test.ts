/**
 * Small helpers of the portal sections: pagination, tel: links, file type labels, coupon order and offer periods,
 * video order, location grouping by areaId (REFERENCE.md "Constants"), decree paths (REFERENCE.md "Portal data": ids are strings).
 */
import { describe, expect, it } from 'vitest';
import { listPages, paginate, splitFirstPages } from '../../src/lib/paginate';
import { telHref } from '../../src/lib/tel-links';
import { fileTypeLabel } from '../../src/lib/files';
import { offerPeriod, sortCoupons, couponDetailPath } from '../../src/sections/coupons';
import { sortVideos } from '../../src/sections/videos';
import { groupLocations, locationsPath } from '../../src/sections/locations';
import { decreePath } from '../../src/sections/decrees';

describe('paginate', () => {
  it.each([
    [0, 3, [[]]],
    [2, 3, [[1, 2]]],
    [3, 3, [[1, 2, 3]]],
    [7, 3, [[1, 2, 3], [4, 5, 6], [7]]],
  ])('%i items, %i a page', (count, size, expected) => {
    expect(
      paginate(
        Array.from({ length: count }, (_, i) => i + 1),
        size,
      ),
    ).toEqual(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects page size %s', (size) => {
    expect(() => paginate([1], size)).toThrow(RangeError);
  });
});

describe('pages of a large category', () => {
  it('numbers each page and says where its first item stands', () => {
    expect(listPages(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([
      { items: ['a', 'b'], page: 1, totalPages: 3, firstIndex: 0 },
      { items: ['c', 'd'], page: 2, totalPages: 3, firstIndex: 2 },
      { items: ['e'], page: 3, totalPages: 3, firstIndex: 4 },
    ]);
    expect(listPages([], 30)).toEqual([{ items: [], page: 1, totalPages: 1, firstIndex: 0 }]);
  });

  it('puts page 1 at the spec URL (no page segment) and pages 2..n one level below', () => {
    const paths = [
      { params: { category: '1', page: '1' }, props: 'p1' },
      { params: { category: '1', page: '2' }, props: 'p2' },
      { params: { category: '2', page: '1' }, props: 'q1' },
    ];
    expect(splitFirstPages(paths)).toEqual({
      first: [
        { params: { category: '1' }, props: 'p1' },
        { params: { category: '2' }, props: 'q1' },
      ],
      more: [{ params: { category: '1', page: '2' }, props: 'p2' }],
    });
  });
});

describe('telHref', () => {
  it.each([
    ['(02) 2562-8888', 'tel:0225628888'],
    ['0800-880-550', 'tel:0800880550'],
    ['(037) 33-6688', 'tel:037336688'],
    ['+886 2 2562 8888', 'tel:+886225628888'],
  ])('%j → %j', (phone, expected) => {
    expect(telHref(phone)).toBe(expected);
  });
});

describe('fileTypeLabel', () => {
  it.each([
    ['pdf', undefined, 'PDF'],
    ['.docx', undefined, 'DOCX'],
    [undefined, 'files/public/2.pdf', 'PDF'],
    [undefined, 'files/a.xlsx?v=2', 'XLSX'],
    ['', 'files/a.odt', 'ODT'],
    [undefined, 'files/no-extension', '檔案'],
    [undefined, undefined, '檔案'],
  ])('(%j, %j) → %j', (type, path, expected) => {
    expect(fileTypeLabel(type, path)).toBe(expected);
  });
});

describe('coupons', () => {
  it('orders newest first, then the higher id', () => {
    const coupons = [
      { id: '2', date: new Date('2026-01-01') },
      { id: '10', date: new Date('2026-01-01') },
      { id: '3', date: new Date('2026-05-01') },
    ];
    expect(sortCoupons(coupons).map((coupon) => coupon.id)).toEqual(['3', '10', '2']);
  });

  it.each([
    [new Date('2026-11-02'), new Date('2027-01-31'), '2026/11/02 – 2027/01/31'],
    [new Date('2026-11-02'), undefined, '2026/11/02 起'],
    [undefined, new Date('2027-01-31'), '即日起至 2027/01/31'],
    [undefined, undefined, ''],
  ])('offerPeriod(%s, %s) = %j', (start, end, expected) => {
    expect(offerPeriod(start, end)).toBe(expected);
  });

  it('encodes the detail id', () => {
    expect(couponDetailPath('a b')).toBe('/coupon/detail/a%20b');
  });
});

describe('sortVideos', () => {
  it('orders newest first', () => {
    const videos = [
      { id: '1', date: new Date('2024-12-16') },
      { id: '8', date: new Date('2026-10-20') },
      { id: '5', date: new Date('2025-10-30') },
    ];
    expect(sortVideos(videos).map((video) => video.id)).toEqual(['8', '5', '1']);
  });
});

describe('groupLocations', () => {
  const areas = [
    { id: 'south', sort: 3 },
    { id: 'north', sort: 1 },
    { id: 'east', sort: 4 },
    { id: 'middle', sort: 2 },
  ];
  const locations = [
    { id: '10', areaId: 'south' },
    { id: '2', areaId: 'north' },
    { id: '1', areaId: 'north' },
    { id: '5', areaId: 'nowhere' },
    { id: '12', areaId: 'north' },
  ];

  it('groups by areaId in area order, natural id order inside, unknown areas left out', () => {
    expect(groupLocations(areas, locations).map((group) => [group.area.id, group.locations.map((l) => l.id)])).toEqual([
      ['north', ['1', '2', '12']],
      ['middle', []],
      ['south', ['10']],
      ['east', []],
    ]);
  });

  it('has no groups without areas', () => {
    expect(groupLocations([], locations)).toEqual([]);
  });

  it('encodes the area in the path', () => {
    expect(locationsPath('北 區')).toBe('/about/locations/%E5%8C%97%20%E5%8D%80');
  });
});

describe('decreePath', () => {
  it.each([
    ['1', '/about/decree/1'],
    ['fcpa', '/about/decree/fcpa'],
    ['個資 法', '/about/decree/%E5%80%8B%E8%B3%87%20%E6%B3%95'],
    ['a?b#c', '/about/decree/a%3Fb%23c'],
  ])('%j → %j', (id, expected) => {
    expect(decreePath(id)).toBe(expected);
  });
});
