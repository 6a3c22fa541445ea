// Invoicing data (seed 001 §2 print preview, §3 purchase order): RFC, name or business name, tax regime and CFDI
// use (SAT catalogues), fiscal postal code, optional e-mail. react-hook-form + zod; the server's field errors land on
// their fields. Shows the saved data with an edit button once there is some.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CFDI_USES, TAX_REGIMES } from '../../src/lib/shared/constants.ts';
import { INVOICING_FIELDS, INVOICING_MESSAGES, invoicingBody, invoicingFormSchema, toValues, type InvoicingFields, type InvoicingValues } from './invoicing.ts';
import { CFDI_USE_LABEL, codeLabel, TAX_REGIME_LABEL } from '../../src/lib/shared/sat.ts';
import type { T } from './i18n.ts';
import type { MessageKey } from '../../src/lib/i18n/index.ts';
import { INVOICING_NAME_MAX } from '../../src/domain/orders/schema.ts';
import IslandForm from '../shared/form.tsx';

export type SaveError = Error & { fields?: Record<string, string[]> };

interface Props {
  t: T;
  initial: Record<string, string> | null;
  /** Sends the data; answers what was stored. Throws with `fields` for the server's field errors. */
  onSave(body: Record<string, string>): Promise<Record<string, string> | null>;
  editable?: boolean;
  /** Starts on the form even when nothing is saved yet (the order page); false shows only the saved data. */
  startEditing?: boolean;
  onCancel?(): void;
}

export function InvoicingSummary({ t, data }: { t: T; data: Record<string, string> }) {
  return (
    <dl className="inv-summary" data-testid="invoicing-summary">
      <dt>{t('orders.rfc')}</dt><dd>{data.rfc}</dd>
      <dt>{t('orders.invName')}</dt><dd>{data.name}</dd>
      <dt>{t('orders.taxRegime')}</dt><dd>{codeLabel(TAX_REGIME_LABEL, data.tax_regime)}</dd>
      <dt>{t('orders.cfdiUse')}</dt><dd>{codeLabel(CFDI_USE_LABEL, data.cfdi_use)}</dd>
      <dt>{t('orders.fiscalPostalCode')}</dt><dd>{data.postal_code}</dd>
      {data.email && <><dt>{t('orders.invEmail')}</dt><dd>{data.email}</dd></>}
    </dl>
  );
}

export default function InvoicingForm({ t, initial, onSave, editable = true, startEditing = true, onCancel }: Props) {
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
      setNotice(t('orders.invSaved'));
    } catch (e) {
      const fields = (e as SaveError).fields ?? {};
      const known = Object.keys(fields).filter((k): k is InvoicingFields => (INVOICING_FIELDS as readonly string[]).includes(k));
      // The server checks the same rules: its field errors are shown with the form's own words.
      for (const k of known) setError(k, { message: INVOICING_MESSAGES[k] });
      if (!known.length) setFailure((e as Error).message || t('orders.invSaveFailed'));
    }
  };

  if (!editing) {
    return (
      <div className="inv">
        {notice && <p className="ok small" role="status">{notice}</p>}
        {saved ? <InvoicingSummary t={t} data={saved} /> : <p className="muted">{t('orders.noInvoicing')}</p>}
        {editable && (
          <button type="button" className="btn secondary" onClick={() => { setNotice(null); setEditing(true); }}>
            {saved ? t('orders.invEdit') : t('orders.invAdd')}
          </button>
        )}
      </div>
    );
  }

  const field = (name: InvoicingFields) => {
    const err = errors[name]?.message;
    return { id: `${id}-${name}`, 'aria-invalid': Boolean(err), ...(err ? { 'aria-describedby': `${id}-${name}-e` } : {}) };
  };
  // Messages are locale keys (invoicing.ts): read here in the page's language.
  const error = (name: InvoicingFields) => errors[name]?.message && <span id={`${id}-${name}-e`} className="field-error" role="alert">{t(errors[name]!.message as MessageKey, { max: INVOICING_NAME_MAX })}</span>;

  return (
    <IslandForm className="inv-form" noValidate onSubmit={handleSubmit(submit)} aria-label={t('orders.invoicing')}>
      {failure && <p className="co-error" role="alert">{failure}</p>}
      <div className="inv-grid">
        <div className="inv-field">
          <label htmlFor={`${id}-rfc`}>{t('orders.rfc')}</label>
          <input {...field('rfc')} {...register('rfc')} autoComplete="off" maxLength={13} className="upper" placeholder="XAXX010101000" />
          {error('rfc')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-name`}>{t('orders.invName')}</label>
          <input {...field('name')} {...register('name')} autoComplete="organization" />
          {error('name')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-tax_regime`}>{t('orders.taxRegime')}</label>
          <select {...field('tax_regime')} {...register('tax_regime')}>
            <option value="">{t('orders.invChooseRegime')}</option>
            {TAX_REGIMES.map((r) => <option key={r} value={r}>{codeLabel(TAX_REGIME_LABEL, r)}</option>)}
          </select>
          {error('tax_regime')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-cfdi_use`}>{t('orders.cfdiUse')}</label>
          <select {...field('cfdi_use')} {...register('cfdi_use')}>
            <option value="">{t('orders.invChooseUse')}</option>
            {CFDI_USES.map((u) => <option key={u} value={u}>{codeLabel(CFDI_USE_LABEL, u)}</option>)}
          </select>
          {error('cfdi_use')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-postal_code`}>{t('orders.fiscalPostalCode')}</label>
          <input {...field('postal_code')} {...register('postal_code')} inputMode="numeric" maxLength={5} autoComplete="postal-code" />
          {error('postal_code')}
        </div>
        <div className="inv-field">
          <label htmlFor={`${id}-email`}>{t('orders.invEmailOptional')}</label>
          <input {...field('email')} {...register('email')} type="email" autoComplete="email" />
          {error('email')}
        </div>
      </div>
      <div className="inv-actions">
        <button type="submit" className="btn" disabled={isSubmitting} aria-busy={isSubmitting}>{isSubmitting ? t('checkout.saving') : t('orders.invSave')}</button>
        {(saved || onCancel) && (
          <button type="button" className="btn secondary" disabled={isSubmitting} onClick={() => {
            reset(toValues(saved)); setFailure(null);
            if (saved) setEditing(false); else onCancel?.();
          }}>{t('orders.invCancel')}</button>
        )}
      </div>
    </IslandForm>
  );
}
