/**
 * The frame of a form island (written once for both forms): a `<form class="form" noValidate>`
 * described by its 必填 note, the error summary at the top (focused after a failed submit), the note, the fields
 * (`children`), and the submit row with the form's live regions (FormActions).
 *
 * Props: `form` (a form hook's result, FormFrameState: ids, handlers, summary and submission state), `submitLabel`
 * (送出, 送出預約), `children` (the form's fields).
 */
import type { ReactNode } from 'react';
import { ErrorSummary, FormActions } from './Field';
import { FORM_TEXT } from '../../site/texts/forms';
import type { FormFrameState } from './useFormIsland';

export function FormFrame({ form, submitLabel, children }: { form: FormFrameState; submitLabel: string; children: ReactNode }) {
  const { id, failure } = form;
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.onSubmit}
      onFocusCapture={form.onFirstUse}
      onPointerDownCapture={form.onFirstUse}
      aria-describedby={`${id}-required-note`}
    >
      <ErrorSummary
        id={`${id}-summary`}
        items={form.summaryItems}
        failure={form.summaryFailure}
        tel={failure?.tel}
        keptNote={failure?.keptNote}
        summaryRef={form.summaryRef}
      />
      <p id={`${id}-required-note`} className="form__note">
        標示<span className="field__tag field__tag--required">{FORM_TEXT.required}</span>的欄位請務必填寫。
      </p>
      {children}
      <FormActions
        id={id}
        submitLabel={submitLabel}
        sending={form.sending}
        failure={failure?.message}
        tel={failure?.tel}
        announcement={form.announcement}
      />
    </form>
  );
}
