/**
 * The form rules shared by the browser and the sample portal (src/lib/forms/): national id checksum, phone and
 * e-mail shapes, booking days and slots, the contact and appointment schemas and their zh-TW messages, and the
 * draft sanitising of src/stores/form-draft.ts, and what a failed submission says.
 */
import { describe, expect, test } from 'vitest';
import { NATIONAL_ID_LETTER_CODES, isValidNationalId, nationalIdSum } from '../../src/lib/forms/national-id.ts';
import { isLandlinePhone, isMobilePhone, isValidPhone, normalizePhone } from '../../src/lib/forms/phone-validation.ts';
import { charCount, isValidEmail } from '../../src/lib/forms/text.ts';
import { availableDates, bookingRange, bookingYears, dateProblem, parseHolidays, type BookingRules } from '../../src/lib/forms/booking.ts';
import { slotLabel, timeSlots } from '../../src/lib/forms/slots.ts';
import { CONTACT_LIMITS, EMPTY_CONTACT } from '../../src/lib/forms/contact.ts';
import { contactSubmissionSchema } from '../../src/lib/forms/contact-schema.ts';
import { EMPTY_APPOINTMENT } from '../../src/lib/forms/appointment.ts';
import { createAppointmentSchema } from '../../src/lib/forms/appointment-schema.ts';
import { errorLine, fieldErrors } from '../../src/lib/forms/issues.ts';
import { APPOINTMENT_RULES } from '../../src/lib/forms/rules.ts';
import { isEmptyDraft, sanitizeDraft } from '../../src/stores/form-draft.ts';
import { describeFailure, isEndpointMissing } from '../../src/islands/forms/failure.ts';
import { PortalCodeError, PortalFormatError, PortalHttpError, PortalNetworkError, PortalTimeoutError } from '../../src/portal/errors.ts';

describe('national id (身分證字號)', () => {
  test.each(['A123456789', 'F131104093', 'a123456789', ' B123456780 ', 'A800000014', 'Z299999992'])('%s is valid', (id) => {
    expect(isValidNationalId(id)).toBe(true);
  });

  test.each([
    ['A123456788', 'wrong check digit'],
    ['F131104094', 'wrong check digit'],
    ['A323456789', 'second digit not 1, 2, 8 or 9'],
    ['A12345678', 'too short'],
    ['A1234567890', 'too long'],
    ['1234567890', 'no letter'],
    ['AB12345678', 'old-style resident number'],
    ['', 'empty'],
  ])('%s is invalid (%s)', (id) => {
    expect(isValidNationalId(id)).toBe(false);
  });

  test('letters map to 10–35 in the standard order (I=34, O=35, W=32 … Z=33)', () => {
    expect(Object.values(NATIONAL_ID_LETTER_CODES).sort((a, b) => a - b)).toEqual(Array.from({ length: 26 }, (_, i) => i + 10));
    expect(NATIONAL_ID_LETTER_CODES).toMatchObject({ A: 10, H: 17, I: 34, J: 18, O: 35, W: 32, X: 30, Y: 31, Z: 33 });
  });

  test('the weighted sum: A123456789 → 1·1 + 0·9 + 1·8 + 2·7 + … + 9·1 = 130', () => {
    expect(nationalIdSum('A123456789')).toBe(130);
  });
});

describe('phone numbers (聯絡電話)', () => {
  test.each(['0912345678', '0912-345-678', '0912 345 678', '+886912345678', '+886 912 345 678'])('mobile %s', (phone) => {
    expect(isMobilePhone(phone)).toBe(true);
    expect(isValidPhone(phone)).toBe(true);
  });

  test.each([
    '02-2562-8888',
    '(02)25628888',
    '0225628888',
    '03-1234567',
    '037-123456',
    '04-23456789',
    '049-2345678',
    '07-1234567',
    '089-123456',
    '0836-12345',
    '02-2562-8888#123',
    '02-2562-8888 分機 123',
    '+886-2-2562-8888',
  ])('landline with area code %s', (phone) => {
    expect(isLandlinePhone(phone)).toBe(true);
    expect(isValidPhone(phone)).toBe(true);
  });

  test.each([
    ['25628888', 'no area code'],
    ['091234567', 'mobile one digit short'],
    ['09123456789', 'mobile one digit long'],
    ['0112345678', 'no area code 01'],
    ['02-256', 'too short'],
    ['02-2562-8888#', 'empty extension'],
    ['abc', 'letters'],
    ['', 'empty'],
  ])('%s is refused (%s)', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });

  test('normalizePhone drops separators and turns +886 into 0', () => {
    expect(normalizePhone(' (02) 2562-8888 ')).toBe('0225628888');
    expect(normalizePhone('+886 912-345-678')).toBe('0912345678');
    expect(normalizePhone('02-2562-8888 ext. 12')).toBe('0225628888#12');
  });
});

describe('e-mail and lengths', () => {
  test.each([
    ['name@example.com', true],
    ['first.last+tag@mail.hotains.com.tw', true],
    [' name@example.com ', true],
    ['name@', false],
    ['name@example', false],
    ['na me@example.com', false],
    ['@example.com', false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  test('lengths count characters, not UTF-16 units', () => {
    expect(charCount('保險')).toBe(2);
    expect(charCount('😀a')).toBe(2);
  });
});

describe('booking days and slots', () => {
  const rules = (today: string, holidays: [string, string][] = []): BookingRules => ({
    today,
    leadDays: 1,
    windowDays: 60,
    holidays: new Map(holidays),
  });

  test('booking window and the years it touches', () => {
    expect(bookingRange(rules('2026-09-14'))).toEqual({ first: '2026-09-15', last: '2026-11-13' });
    expect(bookingYears({ today: '2026-11-20', leadDays: 1, windowDays: 60 })).toEqual([2026, 2027]);
    expect(bookingYears({ today: '2026-03-02', leadDays: 1, windowDays: 60 })).toEqual([2026]);
  });

  test.each([
    ['', '請選擇預約日期'],
    ['2026/09/16', '預約日期格式不正確'],
    ['2026-09-14', '預約日期需介於 2026/09/15（二） 至 2026/11/13（五） 之間'],
    ['2026-11-16', '預約日期需介於'],
    ['2026-09-19', '2026/09/19（六） 為週末'],
    ['2026-09-20', '2026/09/20（日） 為週末'],
    ['2026-09-25', '2026/09/25（五） 為國定假日（中秋節）'],
  ])('date %j is refused: %s', (date, message) => {
    expect(dateProblem(date, rules('2026-09-14', [['2026-09-25', '中秋節']]))).toContain(message);
  });

  test.each(['2026-09-15', '2026-09-24', '2026-11-13'])('date %s can be booked', (date) => {
    expect(dateProblem(date, rules('2026-09-14', [['2026-09-25', '中秋節']]))).toBeUndefined();
  });

  test('the next bookable days skip weekends and holidays', () => {
    expect(
      availableDates(
        rules('2026-09-23', [
          ['2026-09-25', '中秋節'],
          ['2026-09-28', '孔子誕辰紀念日'],
        ]),
        4,
      ),
    ).toEqual(['2026-09-24', '2026-09-29', '2026-09-30', '2026-10-01']);
  });

  test('office-hours slots (REFERENCE.md "Constants" 08:30–17:30) every 30 minutes, lunch 12:00–13:30 excluded', () => {
    const slots = timeSlots(APPOINTMENT_RULES);
    expect(slots[0]).toBe('08:30');
    expect(slots.at(-1)).toBe('17:00');
    expect(slots).not.toContain('12:00');
    expect(slots).not.toContain('13:00');
    expect(slots).toContain('11:30');
    expect(slots).toContain('13:30');
    expect(slots).toHaveLength(15);
    expect(slotLabel('17:00', 30)).toBe('17:00–17:30');
  });

  test('parseHolidays reads YYYY-MM-DD, YYYY/MM/DD and timestamps (their Taipei day), and skips the rest', () => {
    const holidays = parseHolidays([
      { date: '2026-10-10', name: '國慶日' },
      { date: '2026/10/09', name: '國慶日補假' },
      { date: '2026-12-25T00:00:00+08:00' },
      { date: '2026-01-01T16:00:00Z', name: '  ' }, // 2026-01-02 00:00 in Taipei
      { date: 'not-a-date' },
      { date: '2026-02-30' },
      null,
      'x',
    ]);
    expect([...holidays]).toEqual([
      ['2026-10-10', '國慶日'],
      ['2026-10-09', '國慶日補假'],
      ['2026-12-25', '國定假日'],
      ['2026-01-02', '國定假日'],
    ]);
    expect(parseHolidays({ nope: 1 }).size).toBe(0);
  });
});

describe('contact schema', () => {
  const valid = {
    ...EMPTY_CONTACT,
    name: '王小明',
    phone: '0912345678',
    email: 'ming@example.com',
    problemType: '01',
    content: '請問如何變更保單地址？',
    consent: true,
    captchaId: 'c-1',
    captcha: 'ab7K',
  };

  test('a complete form passes, trimmed, with ids upper-cased', () => {
    const result = contactSubmissionSchema.safeParse({ ...valid, name: ' 王小明 ', nationalId: 'f131104093', policyNo: 'ab-123456' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: '王小明', nationalId: 'F131104093', policyNo: 'AB-123456' });
  });

  test.each([
    ['name', { name: '  ' }, '請輸入姓名'],
    ['name', { name: '王'.repeat(51) }, '姓名請勿超過 50 字'],
    ['phone', { phone: '' }, '請輸入聯絡電話'],
    ['phone', { phone: '12345' }, '聯絡電話格式不正確'],
    ['email', { email: 'ming@' }, 'Email 格式不正確'],
    ['problemType', { problemType: '' }, '請選擇問題類別'],
    ['policyNo', { policyNo: '12' }, '保單號碼格式不正確'],
    ['nationalId', { nationalId: 'A12345' }, '身分證字號格式不正確'],
    ['nationalId', { nationalId: 'A123456788' }, '身分證字號檢查碼不正確'],
    ['content', { content: '' }, '請輸入內容'],
    ['content', { content: '字'.repeat(CONTACT_LIMITS.content + 1) }, `內容請勿超過 ${CONTACT_LIMITS.content} 字`],
    ['consent', { consent: false }, '請閱讀並勾選同意隱私權保護政策'],
    ['captcha', { captcha: '' }, '請輸入驗證碼'],
    ['captchaId', { captchaId: '' }, '驗證碼已失效'],
  ])('%s: %j → %s', (field, patch, message) => {
    const result = contactSubmissionSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)[field]).toContain(message);
  });

  test('an empty form lists every required field, in order, in one line for the portal', () => {
    const result = contactSubmissionSchema.safeParse({ ...EMPTY_CONTACT, captchaId: '', captcha: '' });
    expect(Object.keys(fieldErrors(result.error!))).toEqual(['name', 'phone', 'email', 'problemType', 'content', 'consent', 'captchaId', 'captcha']);
    expect(errorLine(result.error!)).toMatch(/^資料有誤：請輸入姓名；請輸入聯絡電話；/);
  });

  test('a payload that is not even strings gets zh-TW messages too', () => {
    const result = contactSubmissionSchema.safeParse({});
    expect(Object.values(fieldErrors(result.error!)).every((message) => /[\u4e00-\u9fff]/.test(message))).toBe(true);
  });
});

describe('appointment schema', () => {
  const schema = createAppointmentSchema({
    booking: { today: '2026-09-14', leadDays: 1, windowDays: 60, holidays: new Map([['2026-09-25', '中秋節']]) },
    slots: timeSlots(APPOINTMENT_RULES),
  });
  const valid = {
    ...EMPTY_APPOINTMENT,
    serviceType: 'consult',
    date: '2026-09-16',
    time: '14:00',
    name: '陳大文',
    phone: '04-23456789',
    email: 'chen@example.com',
    consent: true,
  };

  test('a complete appointment passes', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, serviceType: 'interpret', language: 'th' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, serviceType: 'visit', address: '台北市中山區南京東路二段 109 號' }).success).toBe(true);
  });

  test.each([
    ['serviceType', { serviceType: '' }, '請選擇服務項目'],
    ['language', { serviceType: 'interpret', language: 'fr' }, '請選擇通譯語言'],
    ['address', { serviceType: 'visit', address: '台北' }, '請輸入到府服務的完整地址'],
    ['date', { date: '2026-09-25' }, '國定假日（中秋節）'],
    ['date', { date: '2026-09-26' }, '為週末'],
    ['time', { time: '' }, '請選擇預約時段'],
    ['time', { time: '12:00' }, '此時段不提供預約'],
    ['note', { note: '字'.repeat(301) }, '需求說明請勿超過 300 字'],
  ])('%s: %j → %s', (field, patch, message) => {
    const result = schema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)[field]).toContain(message);
  });

  test('conditional fields are checked even while other fields are wrong', () => {
    const result = schema.safeParse({ ...EMPTY_APPOINTMENT, serviceType: 'interpret' });
    expect(fieldErrors(result.error!)).toHaveProperty('language', '請選擇通譯語言');
  });
});

describe('form drafts', () => {
  test('a stored draft keeps only the form keys, with their types', () => {
    const draft = sanitizeDraft({ name: '王', consent: 'yes', captcha: 'ABCD', extra: 1, phone: 912 }, EMPTY_CONTACT);
    expect(draft).toEqual({ ...EMPTY_CONTACT, name: '王' });
    expect(draft).not.toHaveProperty('captcha');
    expect(sanitizeDraft(null, EMPTY_CONTACT)).toEqual(EMPTY_CONTACT);
    expect(isEmptyDraft(EMPTY_CONTACT, EMPTY_CONTACT)).toBe(true);
    expect(isEmptyDraft({ ...EMPTY_CONTACT, consent: true }, EMPTY_CONTACT)).toBe(false);
  });
});

describe('submit failures in zh-TW (src/islands/forms/failure.ts)', () => {
  const endpoint = 'POST /api/portalCustomerProblemForm/addProblemForm';
  test.each([
    [new PortalNetworkError(endpoint, new TypeError('fetch failed')), '網路連線異常，請稍後再試。', undefined],
    [new PortalHttpError(endpoint, 502, 'Bad Gateway'), '網路連線異常，請稍後再試。', undefined],
    [new PortalTimeoutError(endpoint, 20_000), '連線逾時，請稍後再試。', undefined],
    [new PortalCodeError(endpoint, 40002, '驗證碼錯誤'), '驗證碼錯誤，請重新輸入新的驗證碼。', 'captcha'],
    [new PortalCodeError(endpoint, 42900, '送出次數過於頻繁，請於 60 秒後再試'), '送出次數過於頻繁，請於 60 秒後再試', undefined],
    [new PortalCodeError(endpoint, 50001, ''), '送出失敗（代碼 50001），請稍後再試。', undefined],
    [new PortalFormatError(endpoint, 'body is not JSON'), '系統暫時無法處理，請稍後再試。', undefined],
  ])('%s', (error, message, field) => {
    expect(describeFailure(error)).toEqual(field ? { message, field } : { message });
  });

  // A portal without the endpoint (the appointment call is not in REFERENCE.md "Portal API") is told apart from one
  // that is down for a moment.
  const unavailable = { message: '線上預約服務目前無法使用，請來電客服專線 0800-880-550（非假日 08:30–18:00）由專人為您預約。', tel: '0800-880-550' };
  const booking = 'POST /api/portalServiceAppointment/addAppointment';
  test.each([404, 405, 501])("HTTP %i: the endpoint is missing → the form's own message", (status) => {
    const error = new PortalHttpError(booking, status, '');
    expect(isEndpointMissing(error)).toBe(true);
    expect(describeFailure(error, unavailable)).toBe(unavailable);
    // A form without such a message keeps the generic one.
    expect(describeFailure(error)).toEqual({
      message: status < 500 ? `送出失敗（代碼 HTTP ${status}），請稍後再試。` : '網路連線異常，請稍後再試。',
    });
  });
  test.each([
    [new PortalNetworkError(booking, new TypeError('fetch failed')), '網路連線異常，請稍後再試。'],
    [new PortalHttpError(booking, 503, 'Service Unavailable'), '網路連線異常，請稍後再試。'],
    [new PortalHttpError(booking, 400, 'Bad Request'), '送出失敗（代碼 HTTP 400），請稍後再試。'],
    [new PortalTimeoutError(booking, 20_000), '連線逾時，請稍後再試。'],
    [new PortalCodeError(booking, 40400, '查無此服務'), '查無此服務'],
  ])('%s is not "missing": the retry message stays', (error, message) => {
    expect(isEndpointMissing(error)).toBe(false);
    expect(describeFailure(error, unavailable)).toEqual({ message });
  });
});
