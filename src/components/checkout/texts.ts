// The texts the checkout islands read (islands/checkout/i18n.ts), resolved in the visitor's locale (with its
// fallbacks) on the server: whole areas for the big islands, a few keys for the small ones (less page weight).
import es from '../../locales/es.json' with { type: 'json' };
import type { MessageKey, Translator } from '../../lib/i18n/index.ts';
import type { IslandTexts } from '../../../islands/checkout/i18n.ts';

type Area = 'checkout' | 'payment' | 'orders';

export function checkoutTexts(t: Translator, areas: readonly Area[] = ['checkout', 'payment', 'orders']): IslandTexts {
  const keys: string[] = [];
  for (const area of areas) for (const k of Object.keys(es[area])) keys.push(`${area}.${k}`);
  return pickTexts(t, keys as MessageKey[]);
}

/** The keys of the areas that `keep` accepts (the small islands: fewer texts in the page). */
export function textsWhere(t: Translator, keep: (key: string) => boolean): IslandTexts {
  const keys: string[] = [];
  for (const area of ['checkout', 'payment', 'orders'] as const) for (const k of Object.keys(es[area])) if (keep(`${area}.${k}`)) keys.push(`${area}.${k}`);
  return pickTexts(t, keys as MessageKey[]);
}

export function pickTexts(t: Translator, keys: readonly MessageKey[]): IslandTexts {
  const texts: Record<string, string> = {};
  // English has no 'many' plural form (it would fall back to the Spanish text).
  for (const key of keys) if (!(key.endsWith('_many') && t.locale === 'en')) texts[key] = t(key);
  return { locale: t.locale, texts };
}
