// Texts of the resale list (islands/resale/ResaleList.tsx) in the request's language: the workspace page and the
// store menu's 'Productos +' window (src/components/store/AdminMount.astro) both build them here, from the
// "resale" area of src/locales, so both surfaces read the same words.
import type { ResaleRowLabels } from './ResaleRowActions.tsx';

export interface ResaleListLabels extends ResaleRowLabels {
  by: string; earning: string; perSale: string; notForResale: string; unavailable: string;
  sort: string; sort_margin: string; sort_name: string; sort_price: string; sort_priceDesc: string;
}

const PLAIN = [
  'add', 'remove', 'inStore', 'undo', 'addToCatalogue', 'chooseCatalogue', 'added', 'removed', 'onlyFranchise', 'addError',
  'genericError', 'successTitle', 'warningTitle', 'errorTitle', 'close', 'perSale', 'notForResale', 'unavailable',
  'sort', 'sort_margin', 'sort_name', 'sort_price', 'sort_priceDesc',
] as const;
type Plain = (typeof PLAIN)[number];
type Templated = 'removing' | 'addedToCatalogue' | 'alreadyInCatalogue' | 'by' | 'earning';

/** `t` is the request's translator; the templated texts keep a {{placeholder}} the row fills. */
export function resaleListLabels(t: (key: `resale.${Plain | Templated}`, vars?: Record<string, string>) => string): ResaleListLabels {
  const plain = Object.fromEntries(PLAIN.map((k) => [k, t(`resale.${k}`)])) as Record<Plain, string>;
  return {
    ...plain,
    removing: t('resale.removing', { seconds: '{{seconds}}' }),
    addedToCatalogue: t('resale.addedToCatalogue', { name: '{{name}}' }),
    alreadyInCatalogue: t('resale.alreadyInCatalogue', { name: '{{name}}' }),
    by: t('resale.by', { name: '{{name}}' }),
    earning: t('resale.earning', { amount: '{{amount}}' }),
  };
}
