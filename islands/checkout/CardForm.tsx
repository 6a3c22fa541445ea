import { useState } from 'react';
import { cleanCardNumber, formatExpiry, validateCard, type CardErrors, type CardFields } from './card.ts';

export interface CardSubmit { name: string; number: string; cvc: string; exp_month: number; exp_year: number; msi: number | null }
interface Props { installments: number[]; busy: boolean; onSubmit(card: CardSubmit): void; submitLabel: string }

/** Name, number (spaces stripped, cut to 19), CVC, expiry MM/YY; installments (credit cards) chosen here. */
export default function CardForm({ installments, busy, onSubmit, submitLabel }: Props) {
  const [f, setF] = useState<CardFields>({ name: '', number: '', cvc: '', exp: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [msi, setMsi] = useState<string>('');
  const set = (k: keyof CardFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = k === 'number' ? cleanCardNumber(e.target.value) : k === 'exp' ? formatExpiry(e.target.value) : k === 'cvc' ? e.target.value.replace(/\D/g, '').slice(0, 4) : e.target.value;
    setF((x) => ({ ...x, [k]: v }));
  };
  return (
    <form className="card-form" noValidate onSubmit={(e) => {
      e.preventDefault();
      const r = validateCard(f);
      setErrors(r.errors);
      if (r.body) onSubmit({ ...r.body, msi: msi ? Number(msi) : null });
    }}>
      <label>Nombre en la tarjeta<input name="cc-name" autoComplete="cc-name" value={f.name} onChange={set('name')} aria-invalid={Boolean(errors.name)} /></label>
      {errors.name && <span className="field-error" role="alert">{errors.name}</span>}
      <label>Número de tarjeta<input name="cc-number" autoComplete="cc-number" inputMode="numeric" value={f.number} onChange={set('number')} aria-invalid={Boolean(errors.number)} /></label>
      {errors.number && <span className="field-error" role="alert">{errors.number}</span>}
      <div className="row">
        <label>Vencimiento (MM/AA)<input name="cc-exp" autoComplete="cc-exp" inputMode="numeric" placeholder="MM/AA" value={f.exp} onChange={set('exp')} aria-invalid={Boolean(errors.exp)} /></label>
        <label>CVC<input name="cc-csc" autoComplete="cc-csc" inputMode="numeric" value={f.cvc} onChange={set('cvc')} aria-invalid={Boolean(errors.cvc)} /></label>
      </div>
      {errors.exp && <span className="field-error" role="alert">{errors.exp}</span>}
      {errors.cvc && <span className="field-error" role="alert">{errors.cvc}</span>}
      {installments.length > 0 && (
        <label>Meses sin intereses (solo tarjetas de crédito)
          <select name="msi" value={msi} onChange={(e) => setMsi(e.target.value)}>
            <option value="">Una sola exhibición</option>
            {installments.map((m) => <option key={m} value={m}>{m} meses</option>)}
          </select>
        </label>
      )}
      <button className="btn" type="submit" disabled={busy}>{submitLabel}</button>
    </form>
  );
}
