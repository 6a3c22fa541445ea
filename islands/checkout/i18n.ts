// The checkout islands' texts: the page resolves the `checkout`, `payment` and `orders` areas of the visitor's locale
// on the server (src/components/checkout/texts.ts) and hands them over as a prop, so no dictionary ships to the
// browser. `makeT` reads them like i18next's `t`: `{{var}}` interpolation and `_one`/`_other` plural forms by `count`.
import type { Locale, MessageKey, Vars } from '../../src/lib/i18n/index.ts';

export interface IslandTexts { locale: Locale; texts: Record<string, string> }
export type T = (key: MessageKey, vars?: Vars) => string;

export function makeT({ locale, texts }: IslandTexts): T {
  const rules = new Intl.PluralRules(locale);
  return (key, vars) => {
    let s = texts[key];
    if (vars && typeof vars.count === 'number') s = texts[`${key}_${rules.select(vars.count)}`] ?? texts[`${key}_other`] ?? s;
    if (s === undefined) return key;
    return vars ? s.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s;
  };
}

/** The text for a code-built key (`payment.method-str_card`), or `fallback` when the dictionary has none. */
export const codeText = (t: T, prefix: string, code: string | null | undefined, fallback = ''): string => {
  if (!code) return fallback;
  const key = `${prefix}-${code}` as MessageKey;
  const s = t(key);
  return s === key ? fallback : s;
};
