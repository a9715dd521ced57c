/**
 * The field groups both form islands are laid out with (the forms as hooks plus shared field
 * groups): a text input, a select and a text area with its counter, each a labelled {@link Field} (hint, inline
 * error, `aria-describedby` / `aria-invalid`) around one kind of control. The radio group is ChoiceFieldset.tsx (a
 * module of its own: only the appointment form has one, so it stays in that form's chunk).
 *
 * Each takes a {@link BoundField} (`id`, `name`, `label`, `value`, `error`, handlers; what a form hook's
 * `bind(field)` returns) plus its hint; any other prop goes to the control as written, in the order written (the
 * server-rendered HTML keeps its attribute order). The markup is that of the forms before they shared these groups,
 * unchanged.
 */
import type { ChangeEventHandler, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { CharCounter, Field } from './Field';

/** A field as a form hook hands it to a control: its control's id, value, inline error and handlers. */
export interface BoundField {
  /** Id of the control (`contact-name`; of a radio group, its first radio). */
  id: string;
  /** The control's `name`: the field's key. */
  name: string;
  /** The field's label (`姓名`). */
  label: string;
  value: string;
  /** The inline error in zh-TW, when the field shows one. */
  error?: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;
  onBlur: () => void;
}

/** A field group's own props; any other prop is an attribute of its control. */
interface Labelled extends BoundField {
  hint?: ReactNode;
  /** Extra classes of the field's box (`field--date`). */
  className?: string;
}

/**
 * A {@link Field} around one control `tag`: the control gets Field's ids and ARIA attributes, then `attrs` in the
 * order written, then `value` and the handlers; `children` go inside the control, `after` after it (a counter).
 */
function Control({
  tag: Tag,
  id,
  value,
  error,
  onChange,
  onBlur,
  label,
  hint,
  className,
  describedBy,
  after,
  children,
  ...attrs
}: Labelled & { tag: 'input' | 'select' | 'textarea'; describedBy?: string; after?: ReactNode; children?: ReactNode; required?: boolean }) {
  return (
    <Field id={id} label={label} required={attrs.required} hint={hint} error={error} className={className} describedBy={describedBy}>
      {(control) => (
        <>
          <Tag {...control} {...attrs} value={value} onChange={onChange} onBlur={onBlur}>
            {children}
          </Tag>
          {after}
        </>
      )}
    </Field>
  );
}

/** A labelled `<input>` (text, tel, email, date); `required` also shows the 必填 tag. */
export const TextField = (props: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, keyof Labelled>) => <Control tag="input" {...props} />;

/** One choice of a select or a radio group: its value (`code`) and what the visitor reads (`name`). */
export interface Choice {
  code: string;
  name: string;
  /** A line under the name (a radio card's text; it describes the radio). */
  description?: string;
}

/** A labelled `<select>` whose first option is `choose` (`請選擇`, value ''), then `options`. */
export const SelectField = ({
  choose,
  options,
  ...props
}: Labelled & { choose: string; options: readonly Choice[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof Labelled>) => (
  <Control tag="select" {...props}>
    <option value="">{choose}</option>
    {options.map((option) => (
      <option key={option.code} value={option.code}>
        {option.name}
      </option>
    ))}
  </Control>
);

/** A labelled `<textarea>` with its live counter (`120 / 500 字`, id `<id>-count`) of at most `max` characters. */
export const TextAreaField = ({ max, ...props }: Labelled & { max: number } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof Labelled>) => (
  <Control
    tag="textarea"
    {...props}
    describedBy={`${props.id}-count`}
    after={<CharCounter id={`${props.id}-count`} value={props.value} max={max} />}
  />
);
