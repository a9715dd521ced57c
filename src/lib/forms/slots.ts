/**
 * The time slots a day of the appointment service offers (REFERENCE.md "Constants" office hours), in steps, without the
 * breaks. Times of day `HH:mm` on the Taipei wall clock, counted in minutes: no calendar day and no time zone is
 * involved, so this stays a few lines without the date library (the /service form renders the slots at once,
 * before its date module loads; src/lib/taipei-dates.ts owns every calendar date).
 *
 * Shared by the browser and the sample portal; imports nothing.
 */

/** Office hours and slot length of the appointment service. */
export interface SlotRules {
  /** Opening time `HH:mm` (REFERENCE.md "Constants": 08:30). */
  opens: string;
  /** Closing time `HH:mm` (REFERENCE.md "Constants": 17:30): the last slot ends by then. */
  closes: string;
  /** Length of a slot in minutes. */
  slotMinutes: number;
  /** Breaks `[from, to)` in which no slot starts or runs (lunch). */
  breaks: readonly { from: string; to: string }[];
}

/** Minutes since midnight of `HH:mm`. */
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `HH:mm` of minutes since midnight. */
const timeOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Start times `HH:mm` of the slots of a day: within office hours, every slotMinutes, none overlapping a break. */
export function timeSlots(rules: SlotRules): string[] {
  const slots: string[] = [];
  const end = minutesOf(rules.closes);
  for (let start = minutesOf(rules.opens); start + rules.slotMinutes <= end; start += rules.slotMinutes) {
    const stop = start + rules.slotMinutes;
    const inBreak = rules.breaks.some((b) => start < minutesOf(b.to) && stop > minutesOf(b.from));
    if (!inBreak) slots.push(timeOf(start));
  }
  return slots;
}

/** A slot for people: `09:00–09:30`. */
export const slotLabel = (start: string, slotMinutes: number): string => `${start}–${timeOf(minutesOf(start) + slotMinutes)}`;
