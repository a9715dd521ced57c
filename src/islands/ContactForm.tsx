/**
 * The contact form of `/contact` (客戶意見信箱), mounted by src/pages/contact.astro with `client:idle`
 * (server-rendered empty, so the page does not shift; usable once it hydrates, right after the first paint:
 * REFERENCE.md "Browser side", and React's 67 KB no longer delay that paint).
 *
 * Fields (src/lib/forms/contact.ts, the schema the sample portal applies too): 姓名, 聯絡電話, Email, 問題類別 (from
 * `getListCodeValid`, or the documented fallback list), 保單號碼 and 身分證字號 (optional), 內容 (with a live counter),
 * consent to the privacy statement, and the captcha (image, 換一張, 語音播放, hotline).
 *
 * Validation in zh-TW: a field shows its error when the visitor leaves it (announced politely) and after a submit
 * attempt; submit lists the errors in a summary at the top and moves focus there (links jump to the fields).
 *
 * Nothing is lost: the values live in a sessionStorage draft (src/stores/contact-form.ts; never the captcha
 * answer) that survives reloads and failures and is cleared when the portal accepts the form. A failed submission
 * (network, timeout, non-20000 code) says why (toast and inline), keeps every value and fetches a new captcha (the
 * portal spends one per try). One submission at a time; leaving the page cancels it. Success → /contact/success.
 *
 * This file is the layout; the state and behaviour are useContactForm (src/islands/forms/useContactForm.ts), the
 * field groups src/islands/forms/controls.tsx (the forms as hooks plus shared field groups).
 */
import { CONTACT_FIELDS, CONTACT_LIMITS } from '../lib/forms/contact';
import { CONTACT_TEXT } from '../site/texts/contact-form';
import Captcha from './forms/Captcha';
import { ConsentField } from './forms/Field';
import { ContactFields } from './forms/ContactFields';
import { SelectField, TextAreaField, TextField } from './forms/controls';
import { FormFrame } from './forms/FormFrame';
import { contactFieldId, useContactForm } from './forms/useContactForm';

/**
 * Props: `hotline`, offered beside the captcha to whoever cannot read or hear it (the page passes HOTLINES[0], so
 * the hotline list stays out of the browser bundle).
 */
export default function ContactForm({ hotline }: { hotline: { tel: string; time: string } }) {
  const form = useContactForm();
  const { values, answer, setAnswer, problemTypes, problemTypesFallback, errors, blur, bind } = form;

  return (
    <FormFrame form={form} submitLabel={CONTACT_TEXT.submit}>
      <div className="form__grid">
        <ContactFields bind={bind} emailHint={CONTACT_TEXT.emailHint} />
        <SelectField
          {...bind('problemType')}
          hint={problemTypesFallback ? CONTACT_TEXT.problemTypesFallbackNote : undefined}
          choose={CONTACT_TEXT.problemTypeChoose}
          options={problemTypes}
          required
        />
        <TextField {...bind('policyNo')} hint={CONTACT_TEXT.policyNoHint} type="text" autoComplete="off" spellCheck={false} />
        <TextField
          {...bind('nationalId')}
          hint={CONTACT_TEXT.nationalIdHint}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
        />
      </div>

      <TextAreaField {...bind('content')} max={CONTACT_LIMITS.content} rows={6} required />

      <ConsentField {...bind('consent')} checked={values.consent} />

      <Captcha
        id={contactFieldId('captcha')}
        label={CONTACT_FIELDS.captcha}
        value={answer}
        error={errors.captcha}
        maxLength={CONTACT_LIMITS.captcha}
        onChange={setAnswer}
        onBlur={() => blur('captcha')}
        hotline={hotline}
      />
    </FormFrame>
  );
}
