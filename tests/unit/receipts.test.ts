/**
 * The success pages' receipts (src/stores/receipts.ts): which answers give a reference (only the portal's `ticketNo`
 * when it looks like one, so a page never shows a made-up or hostile text as a reference), what a stored receipt
 * keeps when read back, that a new receipt replaces the old one whole, and the appointment's lines
 * (src/stores/service-form.ts appointmentDetails) as the success page lists them.
 */
import { describe, expect, test } from 'vitest';
import { RECEIPTS, referenceOf, sanitizeReceipt, saveReceipt } from '../../src/stores/receipts.ts';
import { appointmentDetails } from '../../src/stores/service-form.ts';
import { formatDay } from '../../src/lib/forms/booking.ts';

describe('referenceOf', () => {
  test("takes the answer's ticketNo (text or a whole number), trimmed", () => {
    expect(referenceOf({ ticketNo: 'CS202611220001' })).toBe('CS202611220001');
    expect(referenceOf({ ticketNo: '  SV-2026/0001 ' })).toBe('SV-2026/0001');
    expect(referenceOf({ ticketNo: 20261122 })).toBe('20261122');
  });

  test('gives none for an answer without one, or with something that is not a reference', () => {
    for (const data of [undefined, null, 'CS202611220001', {}, { ticketNo: '' }, { ticketNo: '   ' }, { ticketNo: null }, { id: 'CS1' }]) {
      expect(referenceOf(data), JSON.stringify(data)).toBeUndefined();
    }
    for (const ticketNo of ['<img src=x>', 'CS 2026', '案件123', 'A'.repeat(41), 1.5, true, { no: 1 }]) {
      expect(referenceOf({ ticketNo }), String(ticketNo)).toBeUndefined();
    }
  });
});

describe('sanitizeReceipt', () => {
  test('keeps a valid reference and well-formed lines only', () => {
    const stored = { reference: 'SV202611220002', details: [['預約日期', '2026/09/15（二）'], ['x'], ['', 'y'], [1, 2], 'line'], extra: 1 };
    expect(sanitizeReceipt(stored)).toEqual({ reference: 'SV202611220002', details: [['預約日期', '2026/09/15（二）']] });
    expect(sanitizeReceipt({ reference: '<b>', details: 'no' })).toEqual({ details: [] });
    expect(sanitizeReceipt(null)).toBeUndefined();
    expect(sanitizeReceipt('CS1')).toBeUndefined();
  });
});

describe('saveReceipt', () => {
  test('writes the whole receipt: an answer without a reference replaces one with it', () => {
    saveReceipt('contact', { ticketNo: 'CS202611220001' });
    expect(RECEIPTS.contact.get()).toEqual({ reference: 'CS202611220001', details: [] });
    saveReceipt('contact', null);
    expect(RECEIPTS.contact.get()).toEqual({ details: [] });
    expect(RECEIPTS.service.get()).toBeUndefined();
  });
});

describe('appointmentDetails', () => {
  test('lists the service, the day with its weekday and the slot', () => {
    const values = { serviceType: 'consult', language: '', date: '2026-09-15', time: '14:00' };
    expect(appointmentDetails(values, formatDay)).toEqual([
      ['服務項目', '保險規劃諮詢'],
      ['預約日期', '2026/09/15（二）'],
      ['預約時段', '14:00–14:30'],
    ]);
  });

  test("names the interpreter's language for 外語通譯 only", () => {
    expect(appointmentDetails({ serviceType: 'interpret', language: 'vi', date: '2026-09-16', time: '09:00' }, formatDay)[0]).toEqual([
      '服務項目',
      '外語通譯（越南語）',
    ]);
    expect(appointmentDetails({ serviceType: 'sign', language: 'vi', date: '2026-09-16', time: '09:00' }, formatDay)[0]).toEqual([
      '服務項目',
      '手語翻譯',
    ]);
  });
});
