// Small form parts of the product editor: a labelled field with its error, money and number inputs, switches.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { fieldText } from '../../src/lib/i18n/validation.ts';
import { minorToText, parseMoney } from '../../src/lib/shared/money.ts';
import { useEditor, useFieldError, useProductForm, type FieldName } from './context.ts';

export function Field({ id, label, error, hint, children, className }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`sp-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small id={`${id}-hint`} className="sp-hint">{hint}</small>}
      {error && <small id={`${id}-error`} className="sp-error" role="alert">{error}</small>}
    </div>
  );
}

/** aria attributes of an input with an optional hint and error. */
export const describedBy = (id: string, error: string, hint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
});

/** A money amount typed in major units ("199.50"), kept in the form as integer minor units (NaN when not a number). */
export function MoneyField({ name, label, currency, nullable = false, disabled = false, hint }: {
  name: 'list_price' | 'crossout_price' | 'contribution_margin'; label: string; currency: string; nullable?: boolean; disabled?: boolean; hint?: ReactNode;
}) {
  const id = `sp-${name}`;
  const { control } = useProductForm();
  const { field } = useController({ control, name });
  const { t } = useEditor();
  const formError = useFieldError(name);
  const value = field.value as number | null | undefined;
  const [text, setText] = useState(() => minorToText(value, currency));
  const parse = (s: string) => (s.trim() === '' ? null : parseMoney(s, { currency }));
  const read = (s: string) => {
    const r = parse(s);
    return r === null ? (nullable ? null : Number.NaN) : r.ok ? r.minor : Number.NaN;
  };
  // The schema refuses the field and the text is not an amount: say why, as the server would ("at most 2 decimals").
  const typed = formError ? parse(text) : null;
  const error = typed && !typed.ok ? fieldText(typed.error, t, typed.vars) : formError;
  // A value set from outside (a reset, 'free', another currency) replaces what is shown; typing does not.
  useEffect(() => {
    const shown = read(text);
    if (!Object.is(shown, value ?? null) && !(shown === null && value === undefined)) setText(minorToText(value, currency));
  }, [value, currency]);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} ref={field.ref} name={name} inputMode="decimal" autoComplete="off" value={text} disabled={disabled} placeholder="0.00"
        {...describedBy(id, error, !!hint)}
        onChange={(e) => { setText(e.target.value); field.onChange(read(e.target.value)); }} onBlur={field.onBlur} />
    </Field>
  );
}

/** A whole number; empty is null (nullable) or 0. */
export function NumberField({ name, label, nullable = true, hint, min = 0 }: { name: FieldName; label: string; nullable?: boolean; hint?: ReactNode; min?: number }) {
  const id = `sp-${name.replace(/\./g, '-')}`;
  const { register } = useProductForm();
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} type="number" inputMode="numeric" min={min} step={1} {...describedBy(id, error, !!hint)}
        {...register(name, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? (nullable ? null : Number.NaN) : Number(v)) })} />
    </Field>
  );
}

export function CheckField({ name, label, hint }: { name: 'hide_price' | 'is_free' | 'is_dropshipping' | 'hiden'; label: string; hint?: string }) {
  const { register } = useProductForm();
  const id = useId();
  return (
    <div className="sp-check">
      <label><input type="checkbox" {...register(name)} aria-describedby={hint ? id : undefined} /> <span>{label}</span></label>
      {hint && <small id={id} className="sp-hint">{hint}</small>}
    </div>
  );
}
