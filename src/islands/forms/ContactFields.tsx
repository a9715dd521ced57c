/**
 * The 姓名 / 聯絡電話 / Email fields that both forms ask for (the contact form and the appointment service),
 * written once. The form keeps the values, errors and handlers; this renders the three labelled inputs.
 *
 * Props: `bind(field)` from the form's hook (useFormState: id, value, error, handlers of the field), `labels`
 * ({ name, phone, email }), `emailHint` (the Email hint, if the form shows one).
 */
import type { BoundField } from './controls';
import { TextField } from './controls';
import { FORM_TEXT } from './text';

export type ContactFieldKey = 'name' | 'phone' | 'email';

interface Props {
  bind: (field: ContactFieldKey) => BoundField;
  labels: Record<ContactFieldKey, string>;
  emailHint?: string;
}

export function ContactFields({ bind, labels, emailHint }: Props) {
  return (
    <>
      <TextField {...bind('name')} label={labels.name} type="text" autoComplete="name" required />
      <TextField
        {...bind('phone')}
        label={labels.phone}
        hint={FORM_TEXT.phoneHint}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
      />
      <TextField
        {...bind('email')}
        label={labels.email}
        hint={emailHint}
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
      />
    </>
  );
}
