// Codes of the supplier's products as words (types, list states, stock kinds, filters, sorts): code-built keys of
// the `supplierProducts` area, so no raw code reaches a reader.
import type { MessageKey, Translator } from '../../lib/i18n/index.ts';

export function productWords(t: Translator) {
  const w = (prefix: string, code: string) => t(`supplierProducts.${prefix}-${code}` as MessageKey);
  return {
    type: (c: string) => w('type', c),
    /** The type on its own (a table cell): 'Producto'. */
    typeTitle: (c: string) => { const s = w('type', c); return s.charAt(0).toLocaleUpperCase(t.locale) + s.slice(1); },
    typePlural: (c: string) => w('types', c),
    listState: (c: string) => w('state', c),
    stockType: (c: string) => w('stockType', c),
    stockFilter: (c: string) => w('stock', c),
    sort: (c: string) => w('sort', c),
    bulk: (c: string) => w('bulk', c),
    bulkDone: (c: string, count: number) => t(`supplierProducts.bulkDone-${c}` as MessageKey, { count }),
  };
}
