// Invoicing data (seed 001 §2 print preview, §3 purchase order): RFC, name or business name, tax regime and CFDI
// use (SAT catalogues), fiscal postal code, optional e-mail. react-hook-form + zod; the server's field errors land on
// their fields. Shows the saved data with an edit button once there is some.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CFDI_USES, TAX_REGIMES } from '../../src/lib/shared/constants.ts';
import { INVOICING_FIELDS, INVOICING_MESSAGES, invoicingBody, invoicingFormSchema, toValues, type InvoicingFields, type InvoicingValues } from './invoicing.ts';
import { CFDI_USE_LABEL, codeLabel, TAX_REGIME_LABEL } from './labels.ts';
import IslandForm from '../shared/form.tsx';

export type SaveError = Error & { fields?: Record<string, string[]> };

interface Props {
  initial: Record<string, string> | null;
  /** Sends the data; answers what was stored. Throws with `fields` for the server's field errors. */
  onSave(body: Record<string, string>): Promise<Record<string, string> | null>;
  editable?: boolean;
  /** Starts on the form even when nothing is saved yet (the order page); false shows only the saved data. */
  startEditing?: boolean;
  onCancel?(): void;
}

export function InvoicingSummary({ data }: { data: Record<string, string> }) {
  return (
    <dl className="inv-summary" data-testid="invoicing-summary">
      <dt>RFC</dt><dd>{data.rfc}</dd>
      <dt>Nombre o razón social</dt><dd>{data.name}</dd>
      <dt>Régimen fiscal</dt><dd>{codeLabel(TAX_REGIME_LABEL, data.tax_regime)}</dd>
      <dt>Uso del CFDI</dt><dd>{codeLabel(CFDI_USE_LABEL, data.cfdi_use)}</dd>
      <dt>Código postal fiscal</dt><dd>{data.postal_code}</dd>
      {data.email && <><dt>Correo para la factura</dt><dd>{data.email}</dd></>}
    </dl>
  );
}

export default function InvoicingForm({ initial, onSave, editable = true, startEditing = true, onCancel }: Props) {
  const [saved, setSaved] = useState<Record<string, string> | null>(initial);
  const [editing, setEditing] = useState(editable && startEditing && !initial);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<InvoicingValues, unknown, Parameters<typeof invoicingBody>[0]>({
    resolver: zodResolver(invoicingFormSchema), defaultValues: toValues(initial), mode: 'onTouched',
  });

  const submit = async (v: Parameters<typeof invoicingBody>[0]) => {
    setFailure(null); setNotice(null);
    try {
      const stored = (await onSave(invoicingBody(v))) ?? invoicingBody(v);
      setSaved(stored);
      reset(toValues(stored));
      setEditing(false);
      setNotice('Datos de facturación guardados.');
    } catch (e) {
      const fields = (e as SaveError).fields ?? {};
      const known = Object.keys(fields).filter((k): k is InvoicingFields => (INVOICING_FIELDS as readonly string[]).includes(k));
      // The server checks the same rules: its field errors are shown with the form's own words.
      for (const k of known) setError(k, { message: k in INVOICING_MESSAGES ? INVOICING_MESSAGES[k as keyof typeof INVOICING_MESSAGES] : fields[k]![0] });
      if (!known.length) setFailure((e as Error).message || 'No se pudieron guardar los datos de facturación. Intenta de nuevo.');
    }
  };

  if (!editing) {
    return (
      <div className="inv">
        {notice && <p className="ok small" role="status">{notice}</p>}
        {saved ? <InvoicingSummary data={saved} /> : <p className="muted">Sin datos de facturación.</p>}
        {editable && (
          <button type="button" className="btn secondary" onClick={() => { setNotice(null); setEditing(true); }}>
            {saved ? 'Editar datos de facturación' : 'Agregar datos de facturación'}
          </button>
        )}
      </div>
    );
  }

  const field = (name: InvoicingFields) => {
    const err = errors[name]?.message;
    return { id: `${id}-${name}`, 'aria-invalid': Boolean(err), ...(err ? { 'aria-describedby': `${id}-${name}-e` } : {}) };
  };
  const error = (name: InvoicingFields) => errors[name]?.message && <span id={`${id}-${name}-e`} className="field-error" role="alert">{errors[name]!.message}</span>;

  return (
    <IslandForm className="inv-form" noValidate onSubmit={handleSubmit(submit)} aria-label="Datos de facturación">
      {failure && <p className="co-error" role="alert">{failure}</p>}
      <div className="inv-grid">
        <div className="inv-field">
          <label htmlFor={`${id}-rfc`}>RFC</label>
          <input {...field('rfc')} {...register('rfc')} autoComplete="off" maxLength={13} className="upper" placeholder="XAXX010101000" />
          {error('rfc')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-name`}>Nombre o razón social</label>
          <input {...field('name')} {...register('name')} autoComplete="organization" />
          {error('name')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-tax_regime`}>Régimen fiscal</label>
          <select {...field('tax_regime')} {...register('tax_regime')}>
            <option value="">Elige el régimen fiscal…</option>
            {TAX_REGIMES.map((r) => <option key={r} value={r}>{codeLabel(TAX_REGIME_LABEL, r)}</option>)}
          </select>
          {error('tax_regime')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-cfdi_use`}>Uso del CFDI</label>
          <select {...field('cfdi_use')} {...register('cfdi_use')}>
            <option value="">Elige el uso del CFDI…</option>
            {CFDI_USES.map((u) => <option key={u} value={u}>{codeLabel(CFDI_USE_LABEL, u)}</option>)}
          </select>
          {error('cfdi_use')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-postal_code`}>Código postal fiscal</label>
          <input {...field('postal_code')} {...register('postal_code')} inputMode="numeric" maxLength={5} autoComplete="postal-code" />
          {error('postal_code')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-email`}>Correo para la factura (opcional)</label>
          <input {...field('email')} {...register('email')} type="email" autoComplete="email" />
          {error('email')}
        </div>
      </div>
      <div className="inv-actions">
        <button type="submit" className="btn" disabled={isSubmitting}>{isSubmitting ? 'Guardando…' : 'Guardar datos de facturación'}</button>
        {(saved || onCancel) && (
          <button type="button" className="btn secondary" disabled={isSubmitting} onClick={() => {
            reset(toValues(saved)); setFailure(null);
            if (saved) setEditing(false); else onCancel?.();
          }}>Cancelar</button>
        )}
      </div>
    </IslandForm>
  );
}
