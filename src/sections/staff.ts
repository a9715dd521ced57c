/**
 * The quality service staff list (優質服務人員, REFERENCE.md "Portal data": "Staff list item: areaUnitName (only first two characters
 * kept)") on `/customer-fair`.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { staffSchema } from '../portal/schemas';
import { inListOrder } from '../lib/order';

/** A staff entry as parsed by the portal schema. */
export type Staff = z.output<typeof staffSchema>;

/**
 * The unit as shown (REFERENCE.md "Portal data"): the first two characters of `areaUnitName`, counted as Unicode code points so a
 * character outside the BMP is never cut in half. `台北分公司業務一課` → `台北`; a shorter name stays whole.
 */
export function areaUnitShort(areaUnitName: string): string {
  return Array.from(areaUnitName.trim()).slice(0, 2).join('');
}

/** Staff entries of one award year (`year` undefined when the portal gives none). */
export interface StaffYear<T> {
  year: number | undefined;
  staff: T[];
}

/**
 * Groups the list by award year, newest year first (entries without a year last); inside a year the portal's
 * order (natural id order).
 */
export function staffByYear<T extends { id: string; year?: number }>(items: readonly T[]): StaffYear<T>[] {
  const sorted = inListOrder('staff', items);
  const years = [...new Set(sorted.map((item) => item.year))].sort((a, b) => (b ?? Number.NEGATIVE_INFINITY) - (a ?? Number.NEGATIVE_INFINITY));
  return years.map((year) => ({ year, staff: sorted.filter((item) => item.year === year) }));
}

/** The staff list from the collection, grouped by year (staffByYear). */
export async function loadStaffByYear(): Promise<StaffYear<Staff>[]> {
  return staffByYear((await getCollection('staff')).map((entry) => entry.data));
}
