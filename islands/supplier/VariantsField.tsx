// Variant axes: a name ('Talla') and its values as chips ('S', 'M', 'L'); at most VARIANT_AXES_MAX axes.
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { VARIANT_AXES_MAX, VARIANT_TEXT_MAX, VARIANT_VALUES_MAX } from '../../src/domain/products/schema.ts';
import Chips from './Chips.tsx';
import { useFieldError, useProductForm, useSp } from './context.ts';

export default function VariantsField() {
  const sp = useSp();
  const { control } = useProductForm();
  const { field } = useController({ control, name: 'variants' });
  const axes = (field.value ?? {}) as Record<string, string[]>;
  const names = Object.keys(axes);
  const error = useFieldError('variants', true);
  const [draft, setDraft] = useState('');
  const name = draft.trim().slice(0, VARIANT_TEXT_MAX);
  const taken = names.some((n) => n.toLowerCase() === name.toLowerCase());
  const canAdd = name !== '' && !taken && names.length < VARIANT_AXES_MAX;
  const addAxis = () => {
    if (!canAdd) return;
    field.onChange({ ...axes, [name]: [] });
    setDraft('');
  };
  const setValues = (axis: string, values: string[]) => field.onChange({ ...axes, [axis]: values });
  const removeAxis = (axis: string) => field.onChange(Object.fromEntries(Object.entries(axes).filter(([k]) => k !== axis)));
  return (
    <div className="sp-variants">
      {names.length === 0 && <p className="sp-hint">{sp('variantsNone')}</p>}
      {names.map((axis, i) => (
        <fieldset key={axis} className="sp-axis">
          <legend>{axis}</legend>
          <Chips inputId={`sp-axis-${i}`} values={axes[axis] ?? []} onChange={(v) => setValues(axis, v)} label={sp('axisValues', { axis })}
            addLabel={sp('addValue')} removeLabel={(v) => sp('removeValue', { value: v, axis })} max={VARIANT_VALUES_MAX} maxLength={VARIANT_TEXT_MAX}
            error={(axes[axis] ?? []).length === 0 ? sp('axisNeedsValues') : undefined} />
          <button type="button" className="sp-link sp-danger-text" onClick={() => removeAxis(axis)}>{sp('removeAxis', { axis })}</button>
        </fieldset>
      ))}
      {names.length < VARIANT_AXES_MAX && (
        <div className="sp-field">
          <label htmlFor="sp-new-axis">{sp('newAxis')}</label>
          <div className="sp-chip-add">
            <input id="sp-new-axis" value={draft} maxLength={VARIANT_TEXT_MAX} autoComplete="off" placeholder={sp('newAxisPlaceholder')}
              aria-describedby="sp-new-axis-hint" onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); addAxis(); } }} />
            <button type="button" className="btn secondary sp-small" onClick={addAxis} disabled={!canAdd}>{sp('addAxis')}</button>
          </div>
          <small id="sp-new-axis-hint" className="sp-hint">{taken ? sp('axisTaken') : sp('axisHint', { max: VARIANT_AXES_MAX })}</small>
        </div>
      )}
      {error && <small className="sp-error" role="alert">{error}</small>}
    </div>
  );
}
