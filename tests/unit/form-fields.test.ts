/**
 * The field groups both form islands are laid out with (src/islands/forms/controls.tsx, ChoiceFieldset.tsx),
 * rendered to HTML as the server renders them: what a screen-reader visitor gets from a field in
 * error (aria-invalid, the error read before the hint), the 必填 tag, the counter and the radio groups' wiring.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ChoiceFieldset } from '../../src/islands/forms/ChoiceFieldset';
import { SelectField, TextAreaField, TextField, type BoundField } from '../../src/islands/forms/controls';

const noop = () => undefined;
const bound = (field: string, label: string, value = '', error?: string): BoundField => ({
  id: `contact-${field}`,
  name: field,
  label,
  value,
  error,
  onChange: noop,
  onBlur: noop,
});
const html = (element: ReactElement) => renderToStaticMarkup(element);

describe('form field groups', () => {
  test('a field in error is invalid and described by its error, then its hint; the label carries 必填', () => {
    const markup = html(
      createElement(TextField, { ...bound('phone', '聯絡電話', '123', '聯絡電話格式不正確'), hint: '手機或市話', type: 'tel', required: true }),
    );
    expect(markup).toContain(
      '<label class="field__label" for="contact-phone">聯絡電話<span class="field__tag field__tag--required">必填</span></label>',
    );
    expect(markup).toMatch(
      /<input id="contact-phone" aria-describedby="contact-phone-error contact-phone-hint" aria-invalid="true" type="tel" required="" name="phone" value="123"\/>/,
    );
    expect(markup).toContain('<p id="contact-phone-error" class="field__error">聯絡電話格式不正確</p>');
    expect(markup).toContain('class="field field--error"');
  });

  test('a valid optional field is described by its hint only and tagged 選填', () => {
    const markup = html(createElement(TextField, { ...bound('policyNo', '保單號碼'), hint: '如詢問特定保單', type: 'text' }));
    expect(markup).toContain('aria-describedby="contact-policyNo-hint"');
    expect(markup).not.toContain('aria-invalid');
    expect(markup).not.toContain('field__error');
    expect(markup).toContain('<span class="field__tag">選填</span>');
  });

  test('a text area is described by its counter, which counts characters against the limit', () => {
    const markup = html(createElement(TextAreaField, { ...bound('content', '內容', '你好'), max: 500, rows: 6, required: true }));
    expect(markup).toContain('aria-describedby="contact-content-count"');
    expect(markup).toContain('<p id="contact-content-count" class="field__counter"><span aria-hidden="true">2 / 500 字</span>');
  });

  test('a select offers 請選擇 (empty) first, then the choices', () => {
    const markup = html(
      createElement(SelectField, {
        ...bound('problemType', '問題類別'),
        choose: '請選擇',
        options: [{ code: '01', name: '保單服務' }],
        required: true,
      }),
    );
    expect(markup).toMatch(
      /<select id="contact-problemType" name="problemType" required="">\s*<option value="" selected="">請選擇<\/option><option value="01">保單服務<\/option><\/select>/,
    );
  });

  test('a radio group in error: the fieldset is described by its error; a card radio by its text', () => {
    const markup = html(
      createElement(ChoiceFieldset, {
        ...bound('serviceType', '服務項目', 'visit', '請選擇服務項目'),
        id: 'service-serviceType',
        options: [{ code: 'visit', name: '到府服務', description: '由服務人員到府協助辦理' }],
        itemClass: 'choice-card',
      }),
    );
    expect(markup).toContain('<fieldset class="field fieldset field--error" aria-describedby="service-serviceType-error">');
    expect(markup).toContain('<p id="service-serviceType-error" class="field__error">請選擇服務項目</p>');
    expect(markup).toContain('<div class="choice-cards"><div class="choice-card">');
    const radio = markup.match(/<input [^>]*>/)?.[0];
    expect(radio).toContain('id="service-serviceType-visit"');
    expect(radio).toContain('aria-describedby="service-serviceType-visit-text"');
    expect(radio).toContain('name="serviceType"');
    expect(radio).toContain('checked=""');
    expect(markup).toContain('<span class="choice-card__text" id="service-serviceType-visit-text">由服務人員到府協助辦理</span>');
  });
});
