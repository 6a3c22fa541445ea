// A list of short texts edited as chips: type and press Enter (or the add button); each chip has its remove button.
// Used for tags and for the values of a variant axis.
import { useId, useState } from 'react';

export interface ChipsProps {
  values: string[];
  onChange: (values: string[]) => void;
  label: string;
  addLabel: string;
  /** 'Remove {{value}}' */
  removeLabel: (value: string) => string;
  max: number;
  maxLength: number;
  error?: string;
  inputId?: string;
}

export default function Chips({ values, onChange, label, addLabel, removeLabel, max, maxLength, error, inputId }: ChipsProps) {
  const [draft, setDraft] = useState('');
  const own = useId();
  const id = inputId ?? own;
  const add = () => {
    const parts = draft.split(',').map((s) => s.trim()).filter(Boolean);
    if (!parts.length) return;
    const next = [...values];
    for (const p of parts) if (next.length < max && !next.some((v) => v.toLowerCase() === p.toLowerCase())) next.push(p.slice(0, maxLength));
    onChange(next);
    setDraft('');
  };
  const full = values.length >= max;
  return (
    <div className="sp-chips">
      <label htmlFor={id} className="sp-chips-label">{label}</label>
      {values.length > 0 && (
        <ul className="sp-chip-list" aria-label={label}>
          {values.map((v) => (
            <li key={v} className="sp-chip">
              <span>{v}</span>
              <button type="button" className="sp-chip-x" aria-label={removeLabel(v)} onClick={() => onChange(values.filter((x) => x !== v))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="sp-chip-add">
        <input id={id} value={draft} maxLength={maxLength * 4} autoComplete="off" disabled={full} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }} />
        <button type="button" className="btn secondary sp-small" onClick={add} disabled={full || !draft.trim()}>{addLabel}</button>
      </div>
      {error && <small id={`${id}-error`} className="sp-error" role="alert">{error}</small>}
    </div>
  );
}
