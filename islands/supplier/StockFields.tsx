// Stock: on stock or on demand; units on hand, or, for a product with variants kept on stock, a table with every
// combination's own units (their sum is the product's stock); the most one purchase may take.
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { STOCK_MAX } from '../../src/domain/products/schema.ts';
import { STOCK_TYPES } from '../../src/lib/shared/constants.ts';
import { formatNumber } from '../../src/lib/shared/intl.ts';
import { Field, NumberField } from './fields.tsx';
import { useEditor, useFieldError, useProductForm, useSp } from './context.ts';
import { stockRowsFor, stockSum, variantLabel, type StockRow } from './variants.ts';

export default function StockFields({ perVariantInitially }: { perVariantInitially: boolean }) {
  const sp = useSp();
  const { t } = useEditor();
  const { control, register, setValue, getValues, formState: { isSubmitted } } = useProductForm();
  const [stockType, variants, rows = []] = useWatch({ control, name: ['stock_type', 'variants', 'variant_stock'] });
  const [perVariant, setPerVariant] = useState(perVariantInitially);
  const axes = (variants ?? {}) as Record<string, string[]>;
  const onStock = stockType !== 'ondemand';
  const hasCombos = Object.keys(axes).length > 0 && Object.values(axes).every((v) => v.length > 0);
  const using = perVariant && onStock && hasCombos;
  const axesKey = JSON.stringify(axes);
  // Rows follow the axes: a combination keeps the units typed for it; new ones start at 0.
  useEffect(() => {
    const current = (getValues('variant_stock') ?? []) as StockRow[];
    const next = using ? stockRowsFor(axes, current) : [];
    if (JSON.stringify(next) !== JSON.stringify(current.map((r) => ({ variant: r.variant, stock_on_hand: r.stock_on_hand })))) {
      setValue('variant_stock', next, { shouldDirty: true });
    }
    if (using) setValue('stock_on_hand', stockSum(next), { shouldDirty: true });
  }, [axesKey, using]);
  const setRow = (i: number, raw: string) => {
    const n = raw === '' ? 0 : Number(raw);
    const next = (rows as StockRow[]).map((r, j) => (j === i ? { ...r, stock_on_hand: n } : r));
    setValue('variant_stock', next, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('stock_on_hand', stockSum(next), { shouldDirty: true });
  };
  const rowsError = useFieldError('variant_stock', true);
  return (
    <>
      <div className="sp-row">
        <Field id="sp-stock_type" label={sp('stockType')} hint={onStock ? sp('stockTypeOnstockHint') : sp('stockTypeOndemandHint')}>
          <select id="sp-stock_type" aria-describedby="sp-stock_type-hint" {...register('stock_type')}>
            {STOCK_TYPES.map((s) => <option key={s} value={s}>{sp(`stockType-${s}`)}</option>)}
          </select>
        </Field>
        {onStock && !using && <NumberField name="stock_on_hand" label={sp('stockOnHand')} nullable={false} />}
        {using && <p className="sp-stock-sum" aria-live="polite">{sp('stockSum', { count: stockSum(rows as StockRow[]), sum: formatNumber(stockSum(rows as StockRow[]), t.locale) })}</p>}
        <NumberField name="max_purchase_amount" label={sp('maxPurchase')} hint={sp('maxPurchaseHint')} min={1} />
      </div>
      {onStock && hasCombos && (
        <div className="sp-check">
          <label><input type="checkbox" checked={perVariant} onChange={(e) => setPerVariant(e.target.checked)} /> <span>{sp('perVariantStock')}</span></label>
        </div>
      )}
      {using && (
        <div className="sp-table-wrap">
          <table className="sp-variant-stock">
            <caption className="visually-hidden">{sp('variantStockCaption')}</caption>
            <thead><tr><th scope="col">{sp('variant')}</th><th scope="col">{sp('unitsOnHand')}</th></tr></thead>
            <tbody>
              {(rows as StockRow[]).map((r, i) => {
                const label = variantLabel(r.variant);
                return (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>
                      <input type="number" inputMode="numeric" min={0} max={STOCK_MAX} step={1} value={Number.isFinite(r.stock_on_hand) ? r.stock_on_hand : ''}
                        aria-label={sp('unitsOf', { variant: label })} onChange={(e) => setRow(i, e.target.value)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {rowsError && <small className="sp-error" role="alert">{rowsError}</small>}
        </div>
      )}
    </>
  );
}
