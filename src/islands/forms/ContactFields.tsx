/**
 * The 姓名 / 聯絡電話 / Email fields that both forms ask for (the contact form and the appointment service),
 * written once. The form keeps the values, errors and handlers; this renders the three labelled inputs.
 *
 * Props: `bind(field)` from the form's hook (useFormState: id, name, label, value, error, handlers of the field),
 * `emailHint` (the Email hint, if the form shows one).
 */
import type { BoundField } from './controls';
import { TextField } from './controls';
import { FORM_TEXT } from '../../site/texts/forms';

export type ContactFieldKey = 'name' | 'phone' | 'email';

interface Props {
  bind: (field: ContactFieldKey) => BoundField;
  emailHint?: string;
}

export function ContactFields({ bind, emailHint }: Props) {
  return (
    <>
      <TextField {...bind('name')} type="text" autoComplete="name" required />
      <TextField {...bind('phone')} hint={FORM_TEXT.phoneHint} type="tel" autoComplete="tel" inputMode="tel" required />
      <TextField {...bind('email')} hint={emailHint} type="email" autoComplete="email" spellCheck={false} required />
    </>
  );
}
