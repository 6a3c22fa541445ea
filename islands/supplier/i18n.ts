// The supplier islands' texts: the page resolves the `supplierProducts` area (and the validation texts and the rich
// text toolbar's) in the visitor's locale (src/components/supplier/texts.ts) and hands them over as a prop, so no
// dictionary ships to the browser. The translator answers like the server's (`has`, `error`), so zod issues are
// turned into words by the same code as on the server (src/lib/i18n/validation.ts).
import type { Locale, MessageKey, Translator, Vars } from '../../src/lib/i18n/index.ts';
import { fieldText } from '../../src/lib/i18n/validation.ts';

export interface SupplierTexts { locale: Locale; texts: Record<string, string> }

export function makeSupplierT({ locale, texts }: SupplierTexts): Translator {
  const rules = new Intl.PluralRules(locale);
  const t = ((key: MessageKey, vars?: Vars) => {
    let s = texts[key];
    if (vars && typeof vars.count === 'number') s = texts[`${key}_${rules.select(vars.count)}`] ?? texts[`${key}_other`] ?? s;
    if (s === undefined) return key;
    return vars ? s.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s;
  }) as Translator;
  Object.defineProperty(t, 'locale', { value: locale, enumerable: true });
  t.has = (key: string): key is MessageKey => key in texts || `${key}_other` in texts;
  t.error = (code: string, fallback?: string) => texts[`apiErrors.${code}`] ?? fallback ?? texts['apiErrors.internal_error'] ?? code;
  return t;
}

/** A message from a form error or the server: a key translated, anything else (already words) as it is. */
export const messageText = (t: Translator, message: string | undefined): string => (message ? fieldText(message, t) : '');
