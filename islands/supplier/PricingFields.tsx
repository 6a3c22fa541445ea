// Price, crossed-out price and contribution margin typed in major units; the currency; free / hidden price /
// dropshipping; and what resellers would earn (margin x the plan's commission rate), as text.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { PLAN_DEFAULTS } from '../../src/lib/shared/constants.ts';
import { applyRate, formatMoney, PLATFORM_CURRENCIES } from '../../src/lib/shared/money.ts';
import { CheckField, Field, MoneyField } from './fields.tsx';
import { useEditor, useProductForm, useSp } from './context.ts';

/** Currencies offered (the platform's); a product's own currency is added when it is another. */
export const CURRENCIES = PLATFORM_CURRENCIES;

export default function PricingFields() {
  const sp = useSp();
  const { t } = useEditor();
  const { control, register, setValue } = useProductForm();
  const [currency = 'MXN', isFree, margin] = useWatch({ control, name: ['currency', 'is_free', 'contribution_margin'] });
  useEffect(() => { if (isFree) setValue('list_price', 0, { shouldValidate: false }); }, [isFree, setValue]);
  // Rounded as the ledger pays it (src/domain/wallet/rules.ts splitOrder): half up, to the minor unit.
  const earning = typeof margin === 'number' && Number.isInteger(margin) && margin > 0 ? applyRate(margin, PLAN_DEFAULTS.plan_commission_rate) : 0;
  const options = CURRENCIES.includes(currency as (typeof CURRENCIES)[number]) ? [...CURRENCIES] : [...CURRENCIES, currency];
  return (
    <>
      <div className="sp-row">
        <MoneyField name="list_price" label={sp('listPrice')} currency={currency} disabled={!!isFree} />
        <MoneyField name="crossout_price" label={sp('crossoutPrice')} currency={currency} nullable hint={sp('crossoutHint')} />
        <Field id="sp-currency" label={sp('currency')}>
          <select id="sp-currency" {...register('currency')}>
            {options.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </Field>
      </div>
      <div className="sp-row">
        <MoneyField name="contribution_margin" label={sp('margin')} currency={currency} hint={sp('marginHint')} />
        <p className="sp-earning" aria-live="polite">
          {earning > 0 ? sp('earning', { amount: formatMoney(earning, currency, t.locale) }) : sp('earningNone')}
        </p>
      </div>
      <div className="sp-checks">
        <CheckField name="is_free" label={sp('isFree')} />
        <CheckField name="hide_price" label={sp('hidePrice')} hint={sp('hidePriceHint')} />
        <CheckField name="is_dropshipping" label={sp('isDropshipping')} hint={sp('isDropshippingHint')} />
      </div>
    </>
  );
}
