// An experience's date and time (typed on the visitor's own clock, sent with its offset), place, capacity and what
// each attendee is asked at checkout.
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { ATTENDEE_FIELDS } from '../../src/domain/products/schema.ts';
import { Field, NumberField, describedBy } from './fields.tsx';
import { useFieldError, useProductForm, useSp } from './context.ts';
import { isoToLocal, localToIso } from './datetime.ts';

export default function ExperienceFields() {
  const sp = useSp();
  const { control, register } = useProductForm();
  const date = useController({ control, name: 'experience_date' });
  const attendees = useController({ control, name: 'attendee_fields' });
  const dateError = useFieldError('experience_date');
  const placeError = useFieldError('experience_place');
  const value = (date.field.value ?? null) as string | null;
  const [local, setLocal] = useState(() => isoToLocal(value));
  useEffect(() => {
    const shown = local ? localToIso(local) : null;
    if (shown !== value && !(local && shown === null)) setLocal(isoToLocal(value));
    // Only a change from outside (a reset after saving) replaces what is typed.
  }, [value]);
  const chosen = (attendees.field.value ?? []) as string[];
  const toggle = (f: string, on: boolean) => attendees.field.onChange(on ? ATTENDEE_FIELDS.filter((x) => x === f || chosen.includes(x)) : chosen.filter((x) => x !== f));
  return (
    <>
      <div className="sp-row">
        <Field id="sp-experience_date" label={sp('experienceDate')} error={dateError} hint={sp('experienceDateHint')}>
          <input id="sp-experience_date" type="datetime-local" ref={date.field.ref} value={local} {...describedBy('sp-experience_date', dateError, true)}
            onChange={(e) => { setLocal(e.target.value); date.field.onChange(e.target.value ? (localToIso(e.target.value) ?? 'invalid') : null); }}
            onBlur={date.field.onBlur} />
        </Field>
        <NumberField name="experience_capacity" label={sp('experienceCapacity')} hint={sp('experienceCapacityHint')} min={1} />
      </div>
      <Field id="sp-experience_place" label={sp('experiencePlace')} error={placeError}>
        <input id="sp-experience_place" autoComplete="off" maxLength={220} {...describedBy('sp-experience_place', placeError)}
          {...register('experience_place', { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v : null) })} />
      </Field>
      <fieldset className="sp-attendees">
        <legend>{sp('attendeeFields')}</legend>
        {ATTENDEE_FIELDS.map((f) => (
          <label key={f} className="sp-inline-check">
            <input type="checkbox" checked={chosen.includes(f)} onChange={(e) => toggle(f, e.target.checked)} /> <span>{sp(`attendee-${f}`)}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
