/**
 * The `?timestamp=` query of the claims-consortium event page (/event_page/20220503): seconds or milliseconds
 * are shown in Taipei time; anything else is ignored.
 */
import { describe, expect, it } from 'vitest';
import { formatStamp, parseTimestamp } from '../../src/lib/timestamp';

const now = new Date('2025-06-01T00:00:00Z');

describe('parseTimestamp', () => {
  it.each([
    ['1651557900', '2022/05/03 14:05'],
    ['1651557900000', '2022/05/03 14:05'],
    [' 1700000000 ', '2023/11/15 06:13'],
  ])('accepts %j as %s (Taipei)', (raw, shown) => {
    const date = parseTimestamp(raw, now);
    expect(date).not.toBeNull();
    expect(formatStamp(date!)).toBe(shown);
  });

  it.each([
    [null],
    [''],
    ['abc'],
    ['16515579'],
    ['1651557900.5'],
    ['-1651557900'],
    ['1e12'],
    ['<script>'],
    ['1500000000'], // 2017: before the event
    ['1900000000'], // 2030: after `now` + 1 day
  ])('ignores %j', (raw) => {
    expect(parseTimestamp(raw, now)).toBeNull();
  });
});
