/**
 * Pieces of the form islands: a labelled field with its hint and inline error wired for assistive technology
 * (`aria-describedby` → hint and error, `aria-invalid` while in error), a live character counter, and the error
 * summary that submit moves focus to (links jump to the fields), and the submit row with the form's live regions.
 */
import type { ChangeEventHandler, ReactNode, RefObject } from 'react';
import { NEW_WINDOW_TEXT } from '../../site/texts/layout';
import { FORM_TEXT } from '../../site/texts/forms';
import { charCount } from '../../lib/forms/text';
import { telHref } from '../../lib/tel-links';

/**
 * `text` with the phone number `tel` in it as a `tel:` link (the first occurrence; e.g. the hotline of a message);
 * the plain text when `tel` is absent or not in it.
 */
export function TelText({ text, tel }: { text: string; tel?: string }) {
  const at = tel ? text.indexOf(tel) : -1;
  if (!tel || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a className="form__tel" href={telHref(tel)}>
        {tel}
      </a>
      {text.slice(at + tel.length)}
    </>
  );
}

/** The ARIA attributes a field's control takes. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Extra ids for aria-describedby (e.g. a counter). */
  describedBy?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** The ids a control is described by: its error first (what to fix), then its hint. */
export function describedBy(id: string, hint: boolean, error: boolean, extra?: string): string | undefined {
  const ids = [error && `${id}-error`, hint && `${id}-hint`, extra].filter(Boolean).join(' ');
  return ids || undefined;
}

/** The 必填 / 選填 tag after a label. */
export function RequiredTag({ required }: { required?: boolean }) {
  return <span className={required ? 'field__tag field__tag--required' : 'field__tag'}>{required ? FORM_TEXT.required : FORM_TEXT.optional}</span>;
}

/** The inline error of a field. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  );
}

/** A labelled control, then its error (right under it), then its hint. */
export function Field({ id, label, required, hint, error, describedBy: extra, className, children }: FieldProps) {
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        <RequiredTag required={required} />
      </label>
      {children({
        id,
        'aria-describedby': describedBy(id, Boolean(hint), Boolean(error), extra),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      <FieldError id={id} error={error} />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The consent checkbox: 我已閱讀並同意隱私權保護政策 (the policy opens in a new tab, the form stays). */
export function ConsentField({
  id,
  checked,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  checked: boolean;
  error?: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: () => void;
}) {
  return (
    <div className={error ? 'field field--check field--error' : 'field field--check'}>
      <FieldError id={id} error={error} />
      <div className="check">
        <input
          id={id}
          type="checkbox"
          name="consent"
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={onChange}
          onBlur={onBlur}
        />
        <label htmlFor={id}>
          {FORM_TEXT.consentBefore}
          <a href="/privacy" target="_blank" rel="noopener">
            {FORM_TEXT.consentLink}
            <span className="visually-hidden">{NEW_WINDOW_TEXT}</span>
          </a>
          {FORM_TEXT.consentAfter}
          <RequiredTag required />
        </label>
      </div>
    </div>
  );
}

/**
 * `120 / 500 字` under a text area, and for screen readers (politely, only near or over the limit) how many
 * characters are left.
 */
export function CharCounter({ id, value, max }: { id: string; value: string; max: number }) {
  const count = charCount(value);
  const left = max - count;
  return (
    <p id={id} className={left < 0 ? 'field__counter field__counter--over' : 'field__counter'}>
      <span aria-hidden="true">{FORM_TEXT.charCount(count, max)}</span>
      <span className="visually-hidden" aria-live="polite">
        {left <= Math.min(50, max / 10) ? FORM_TEXT.charLeft(left) : ''}
      </span>
      <span className="visually-hidden">{left > Math.min(50, max / 10) ? FORM_TEXT.charLeft(left) : ''}</span>
    </p>
  );
}

export interface SummaryItem {
  /** Id of the field's control. */
  target: string;
  message: string;
}

/**
 * The box at the top of the form after a submit: the fields to fix (links that move focus to them) or what went
 * wrong with the portal. Focusable (`tabIndex=-1`) so that submit can move focus here and screen readers read it.
 * `tel`: a phone number in `failure` to show as a `tel:` link; `keptNote`: replaces 您填寫的內容已保留，請確認後再按一次送出。
 */
export function ErrorSummary({
  id,
  items,
  failure,
  tel,
  keptNote = FORM_TEXT.keptNote,
  summaryRef,
}: {
  id: string;
  items: readonly SummaryItem[];
  failure?: string;
  tel?: string;
  keptNote?: string;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const visible = items.length > 0 || Boolean(failure);
  return (
    // A group, so that its title is its accessible name (ARIA 1.2 prohibits naming a generic div): focused after a
    // failed submit, the summary is announced by that title.
    <div
      ref={summaryRef}
      id={id}
      className="form-summary"
      role="group"
      tabIndex={-1}
      hidden={!visible}
      aria-labelledby={visible ? `${id}-title` : undefined}
    >
      {visible && (
        <>
          <h3 id={`${id}-title`} className="form-summary__title">
            {items.length > 0 ? FORM_TEXT.summaryTitle(items.length) : FORM_TEXT.failedTitle}
          </h3>
          {failure && (
            <p className="form-summary__text">
              <TelText text={failure} tel={tel} />
              <br />
              {keptNote}
            </p>
          )}
          {items.length > 0 && (
            <ul className="form-summary__list">
              {items.map((item) => (
                <li key={item.target}>
                  <a
                    href={`#${item.target}`}
                    onClick={(event) => {
                      const control = document.getElementById(item.target);
                      if (!control) return;
                      event.preventDefault();
                      control.focus();
                      control.scrollIntoView({ block: 'center' });
                    }}
                  >
                    {item.message}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The end of a form: the submit button (送出中… while sending, marked `aria-disabled` rather than disabled so
 * that it keeps focus), the failure line under it, a polite live region for `announcement` (a field's error as
 * the visitor leaves it) and a status region that says 送出中….
 * Props: `id` (the form's id prefix; the failure line is `<id>-failure`), `submitLabel`, `sending`, `failure` (the
 * message of the last failed submission, if any), `tel` (a phone number in it, shown as a `tel:` link),
 * `announcement`.
 */
export function FormActions({
  id,
  submitLabel,
  sending,
  failure,
  tel,
  announcement,
}: {
  id: string;
  submitLabel: string;
  sending: boolean;
  failure?: string;
  tel?: string;
  announcement: string;
}) {
  return (
    <>
      <div className="form__actions">
        <button type="submit" className="btn btn-primary btn-lg" aria-disabled={sending || undefined}>
          {sending ? FORM_TEXT.sending : submitLabel}
        </button>
        {failure && (
          <p className="form__failure" id={`${id}-failure`}>
            <TelText text={failure} tel={tel} />
          </p>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <p className="visually-hidden" role="status">
        {sending ? FORM_TEXT.sending : ''}
      </p>
    </>
  );
}
