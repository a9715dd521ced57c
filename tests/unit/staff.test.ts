/**
 * The staff list (src/sections/staff.ts): REFERENCE.md "Portal data": "areaUnitName (only first two characters kept)", and the grouping
 * of the list by award year.
 */
import { describe, expect, it } from 'vitest';
import { areaUnitShort, staffByYear } from '../../src/sections/staff';

describe('areaUnitShort', () => {
  it.each([
    ['台北分公司業務一課', '台北'],
    ['新竹通訊處', '新竹'],
    ['花蓮', '花蓮'],
    ['澎', '澎'],
    ['', ''],
    ['  高雄分公司 ', '高雄'],
    ['𠮷野家分店', '𠮷野'],
    ['HQ Sales', 'HQ'],
  ])('%j → %j', (name, expected) => {
    expect(areaUnitShort(name)).toBe(expected);
  });
});

describe('staffByYear', () => {
  it('puts the newest year first, entries without a year last, natural id order inside a year', () => {
    const groups = staffByYear([{ id: '10', year: 2026 }, { id: '3', year: 2025 }, { id: '2', year: 2026 }, { id: '7' }, { id: '1', year: 2025 }]);
    expect(groups.map((group) => [group.year, group.staff.map((person) => person.id)])).toEqual([
      [2026, ['2', '10']],
      [2025, ['1', '3']],
      [undefined, ['7']],
    ]);
  });

  it('returns no groups for an empty list', () => {
    expect(staffByYear([])).toEqual([]);
  });
});
