/**
 * A required group of radio buttons (the appointment service's 服務項目 and 預約時段), a field group as those of
 * controls.tsx. In a module of its own so that it stays out of the contact form's JavaScript.
 */
import { FieldError, RequiredTag } from './Field';
import type { BoundField, Choice } from './controls';

/**
 * The radio group in a `<fieldset>`: the legend with 必填, the group's error under it (the fieldset is described by
 * it), then the choices in `<div class="{itemClass}s">` (`slots`, `choice-cards`), each in `<div class={itemClass}>`.
 * `id` is the group's prefix (`service-time`; given after `bind(field)`, whose id is the first radio's, the target of
 * the summary's link). A choice's radio has the id `<id>-<code>`; a choice with a description is a card (name and
 * text, the radio described by the text, `<id>-<code>-text`), any other one is labelled by its name alone.
 */
export function ChoiceFieldset({ options, itemClass, ...field }: BoundField & { options: readonly Choice[]; itemClass: string }) {
  const { id, name, label, value, error, onChange, onBlur } = field;
  return (
    <fieldset className={error ? 'field fieldset field--error' : 'field fieldset'} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">
        {label}
        <RequiredTag required />
      </legend>
      <FieldError id={id} error={error} />
      <div className={`${itemClass}s`}>
        {options.map((option) => (
          <div className={itemClass} key={option.code}>
            <input
              id={`${id}-${option.code}`}
              type="radio"
              name={name}
              value={option.code}
              required
              checked={value === option.code}
              aria-describedby={option.description ? `${id}-${option.code}-text` : undefined}
              onChange={onChange}
              onBlur={onBlur}
            />
            <label htmlFor={`${id}-${option.code}`}>
              {option.description ? (
                <>
                  <span className="choice-card__name">{option.name}</span>
                  <span className="choice-card__text" id={`${id}-${option.code}-text`}>
                    {option.description}
                  </span>
                </>
              ) : (
                option.name
              )}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
