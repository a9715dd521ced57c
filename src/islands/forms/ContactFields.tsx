/**
 * The 姓名 / 聯絡電話 / Email fields that both forms ask for (the contact form and the appointment service),
 * written once. The form keeps the values, errors and handlers; this renders the three labelled inputs.
 *
 * Props: `values` and `errors` of the three fields, `labels` ({ name, phone, email }), `fieldId(field)` for the
 * control ids, `change(field)` and `blur(field)` from the form, `emailHint` to show the Email hint.
 */
import type { ChangeEventHandler } from 'react';
import { Field } from './Field';
import { FORM_TEXT } from './text';

export type ContactFieldKey = 'name' | 'phone' | 'email';

interface Props {
  values: Record<ContactFieldKey, string>;
  errors: Partial<Record<string, string>>;
  labels: Record<ContactFieldKey, string>;
  fieldId: (field: ContactFieldKey) => string;
  change: (field: ContactFieldKey) => ChangeEventHandler<HTMLInputElement>;
  blur: (field: ContactFieldKey) => void;
  emailHint?: boolean;
}

export function ContactFields({ values, errors, labels, fieldId, change, blur, emailHint = false }: Props) {
  return (
    <>
      <Field id={fieldId('name')} label={labels.name} required error={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={change('name')}
            onBlur={() => blur('name')}
          />
        )}
      </Field>
      <Field id={fieldId('phone')} label={labels.phone} required hint={FORM_TEXT.phoneHint} error={errors.phone}>
        {(control) => (
          <input
            {...control}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            required
            value={values.phone}
            onChange={change('phone')}
            onBlur={() => blur('phone')}
          />
        )}
      </Field>
      <Field
        id={fieldId('email')}
        label={labels.email}
        required
        hint={emailHint ? FORM_TEXT.emailHint : undefined}
        error={errors.email}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            spellCheck={false}
            required
            value={values.email}
            onChange={change('email')}
            onBlur={() => blur('email')}
          />
        )}
      </Field>
    </>
  );
}
