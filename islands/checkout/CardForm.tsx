import { useRef, useState } from 'react';
import type { SavedCardView } from '../../src/domain/payments/schema.ts';
import { BRAND_NAMES, cleanCardNumber, formatExpiry, installmentOptions, validateCard, type CardErrors, type CardFields } from './card.ts';
import type { T } from './i18n.ts';
import { NEW_CARD as NEW, PAY_FIELDS as F } from '../../src/lib/shared/pay-form.ts';
import IslandForm, { useAdoptTyped } from '../shared/form.tsx';

export interface CardSubmit { name: string; number: string; cvc: string; exp_month: number; exp_year: number; msi: number | null; save?: boolean }
/** Paying with one of the buyer's saved cards (seed 001 §3 card_id). */
export interface SavedCardSubmit { card_id: string; msi: number | null }
export type SavedCardOption = Pick<SavedCardView, 'id' | 'brand' | 'termination' | 'expiry' | 'expired' | 'type'>;

interface Props {
  t: T;
  installments: number[];
  busy: boolean;
  /** Paying is not possible yet (steps missing, no token): the button is disabled. */
  blocked?: boolean;
  onSubmit(card: CardSubmit): void;
  submitLabel: string;
  /** The signed-in buyer's saved cards: one is chosen instead of typing a card (expired ones are shown, not choosable). */
  savedCards?: SavedCardOption[];
  onSubmitSaved?(choice: SavedCardSubmit): void;
  /** The monthly amount of each number of months, formatted (the option then reads '3 meses de $333.34'). */
  monthly?: (months: number) => string | null;
  /** Offer 'save this card' (signed-in buyers only). */
  offerSave?: boolean;
  /**
   * Where the form posts before the island runs, or without script, and the hidden fields that go with it (the page's
   * pay handler: src/components/checkout/pay-form.ts). Without it the form is inert until hydrated.
   */
  post?: { action: string; fields: Record<string, string> };
}

/**
 * Name, number (spaces stripped, cut to 19), CVC, expiry MM/YY; installments (credit cards) chosen here. With saved
 * cards, the first one still valid is chosen and the card fields stay hidden until 'use a new card'. A real
 * POST form (method and action), so pressing Enter before hydration pays through the page, never a GET with the card.
 */
export default function CardForm({ t, installments, monthly, busy, blocked = false, onSubmit, submitLabel, savedCards = [], onSubmitSaved, offerSave = false, post }: Props) {
  const [f, setF] = useState<CardFields>({ name: '', number: '', cvc: '', exp: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [msi, setMsi] = useState<string>('');
  const [save, setSave] = useState(false);
  const saved = onSubmitSaved ? savedCards : [];
  const [choice, setChoice] = useState<string>(saved.find((c) => !c.expired)?.id ?? NEW);
  const chosen = saved.find((c) => c.id === choice && !c.expired) ?? null;
  // A saved card's type is known: installments only for a credit card. A new card is checked once tokenised.
  const months = chosen ? (installments.length ? installmentOptions(chosen.type) : []) : installments;
  const set = (k: keyof CardFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = k === 'number' ? cleanCardNumber(e.target.value) : k === 'exp' ? formatExpiry(e.target.value) : k === 'cvc' ? e.target.value.replace(/\D/g, '').slice(0, 4) : e.target.value;
    setF((x) => ({ ...x, [k]: v }));
  };
  const pick = (id: string) => { setChoice(id); setMsi(''); setErrors({}); };
  // Typed before the island ran (the form works then): kept, not blanked by React's next render.
  const form = useRef<HTMLFormElement>(null);
  useAdoptTyped(form, (typed) => {
    const v = (k: string) => { const x = typed.get(k); return typeof x === 'string' ? x : ''; };
    setF((x) => ({ name: v(F.name) || x.name, number: cleanCardNumber(v(F.number)) || x.number, exp: formatExpiry(v(F.exp)) || x.exp, cvc: v(F.cvc).replace(/\D/g, '').slice(0, 4) || x.cvc }));
    const picked = saved.find((c) => c.id === v(F.choice) && !c.expired)?.id ?? (v(F.choice) === NEW ? NEW : null);
    if (picked) setChoice(picked);
    if (v(F.msi)) setMsi(v(F.msi));
    if (offerSave) setSave(v(F.save) === 'on');
  });
  return (
    <IslandForm ref={form} className="card-form" noValidate action={post?.action} fields={post?.fields} onSubmit={(e) => {
      e.preventDefault();
      const m = msi ? Number(msi) : null;
      if (chosen) { onSubmitSaved!({ card_id: chosen.id, msi: m }); return; }
      const r = validateCard(f);
      setErrors(r.errors);
      if (r.body) onSubmit({ ...r.body, msi: m, ...(offerSave ? { save } : {}) });
    }}>
      {saved.length > 0 && (
        <fieldset className="saved-cards">
          <legend>{t('payment.savedCards')}</legend>
          {saved.map((c) => (
            <label key={c.id} className={`saved-card${c.expired ? ' expired' : ''}`}>
              <input type="radio" name={F.choice} value={c.id} checked={choice === c.id} disabled={c.expired} onChange={() => pick(c.id)} />
              <span className="saved-card-text">
                <strong>{t('payment.endingIn', { brand: BRAND_NAMES[c.brand] ?? t('payment.brandUnknown'), last4: c.termination })}</strong>
                <span className="saved-card-meta">{c.expired ? <span className="badge-expired">{t('payment.expiredOn', { date: c.expiry })}</span> : t('payment.expiresOn', { date: c.expiry })} · {c.type === 'debit' ? t('payment.debit') : t('payment.credit')}</span>
              </span>
            </label>
          ))}
          <label className="saved-card">
            <input type="radio" name={F.choice} value={NEW} checked={choice === NEW} onChange={() => pick(NEW)} />
            <span className="saved-card-text"><strong>{t('payment.newCard')}</strong></span>
          </label>
        </fieldset>
      )}
      {!chosen && (
        <>
          <label>{t('payment.cardName')}<input name={F.name} autoComplete="cc-name" value={f.name} onChange={set('name')} aria-invalid={Boolean(errors.name)} /></label>
          {errors.name && <span className="field-error" role="alert">{t(errors.name)}</span>}
          <label>{t('payment.cardNumber')}<input name={F.number} autoComplete="cc-number" inputMode="numeric" value={f.number} onChange={set('number')} aria-invalid={Boolean(errors.number)} /></label>
          {errors.number && <span className="field-error" role="alert">{t(errors.number)}</span>}
          <div className="row">
            <label>{t('payment.cardExpiry')}<input name={F.exp} autoComplete="cc-exp" inputMode="numeric" placeholder={t('payment.cardExpiryPlaceholder')} value={f.exp} onChange={set('exp')} aria-invalid={Boolean(errors.exp)} /></label>
            <label>{t('payment.cardCvc')}<input name={F.cvc} autoComplete="cc-csc" inputMode="numeric" value={f.cvc} onChange={set('cvc')} aria-invalid={Boolean(errors.cvc)} /></label>
          </div>
          {errors.exp && <span className="field-error" role="alert">{t(errors.exp)}</span>}
          {errors.cvc && <span className="field-error" role="alert">{t(errors.cvc)}</span>}
          {offerSave && (
            <label className="check"><input type="checkbox" name={F.save} checked={save} onChange={(e) => setSave(e.target.checked)} /> {t('payment.saveCard')}</label>
          )}
        </>
      )}
      {months.length > 0 && (
        <label>{t('payment.installments')}
          <select name={F.msi} value={msi} onChange={(e) => setMsi(e.target.value)}>
            <option value="">{t('payment.singlePayment')}</option>
            {months.map((m) => {
              const each = monthly?.(m);
              return <option key={m} value={m}>{each ? t('payment.monthsOf', { count: m, amount: each }) : t('payment.months', { count: m })}</option>;
            })}
          </select>
        </label>
      )}
      <button className="btn" type="submit" disabled={busy || blocked} aria-busy={busy}>{busy ? t('checkout.paying') : submitLabel}</button>
    </IslandForm>
  );
}
