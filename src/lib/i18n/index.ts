// Interface texts for pages, endpoints and islands. Browser-safe: imports only i18next and the dictionaries.
//
// Decision — astro-i18next is NOT used. The design names it, but it keeps one global i18next instance and
// switches it with `changeLanguage(lng)`, which its CLI/transformer injects at the top of every page's
// frontmatter; `t` then reads that global language. Its last release (2024) targets i18next 22 and static
// builds. In a server-rendered app one Node process interleaves requests: while page A (es) awaits the
// database, request B runs `changeLanguage('en')`, and A finishes in English. So instead there is ONE shared
// i18next instance, initialised once (synchronously) with every dictionary, that nobody can switch: it is not
// exported, and each request gets a `t` from `getFixedT(locale)`, which passes `lng` on every lookup and never
// touches the instance's language. The Translators are cached per locale (they hold nothing but the locale).
// tests/unit/i18n.test.ts runs two interleaved async "requests" in different locales to prove it.
//
// Usage: the middleware resolves `resolveLocale({ cookie, acceptLanguage })` and sets `locals.locale` and
// `locals.t = getT(locale)`; a page writes `<html lang={htmlLang(locale)}>` and `{t('header.login')}`.
// An island gets the locale as a prop (functions cannot cross the island boundary) and calls `getT(locale)`.
// Keys are `area.key`; one dictionary serves pages and islands: src/locales/{es,en,es-AR}.json. Missing keys
// fall back es-AR -> es and en -> es. Interpolation does not escape: Astro and React escape on output.
import i18next from 'i18next';
import es from '../../locales/es.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import esAR from '../../locales/es-AR.json' with { type: 'json' };

export const SUPPORTED_LOCALES = ['es', 'en', 'es-AR'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
/** The cookie holding the visitor's chosen locale (set by POST /api/preferences). */
export const LOCALE_COOKIE = 'lang';
/** Each language's name in itself, for a language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { es: es.meta.languageName, en: en.meta.languageName, 'es-AR': esAR.meta.languageName };
/** Where a missing key is looked up next (es is complete). */
export const FALLBACKS: Record<Locale, readonly Locale[]> = { es: [], en: ['es'], 'es-AR': ['es'] };

type Dictionary = typeof es;
type Area = keyof Dictionary & string;
type LeafKey = { [A in Area]: `${A}.${keyof Dictionary[A] & string}` }[Area];
type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_many` ? B : K extends `${infer B}_other` ? B : K;
/** Every key of the Spanish dictionary, plural forms under their base key (`catalogue.itemCount` + `{count}`). */
export type MessageKey = StripPlural<LeafKey>;
export type Vars = Record<string, string | number>;

export interface Translator {
  /** The text for `key` in this translator's locale (with fallbacks); `vars.count` picks the plural form. */
  (key: MessageKey, vars?: Vars): string;
  readonly locale: Locale;
  /** Whether `key` has a text (in this locale or a fallback), e.g. for keys built from data. */
  has(key: string): key is MessageKey;
  /** The text for an error code (`apiErrors.<code>`), else `fallback`, else the generic try-again text. */
  error(code: string, fallback?: string): string;
}

const instance = i18next.createInstance();
void instance.init({
  resources: { es: { translation: es }, en: { translation: en }, 'es-AR': { translation: esAR } },
  lng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: { 'es-AR': ['es'], en: ['es'], default: ['es'] },
  load: 'currentOnly', // es-AR then its explicit fallback; no implicit language-only step
  initAsync: false, // resources are inline: init completes before this module finishes loading
  keySeparator: '.',
  nsSeparator: false, // keys never name a namespace (texts may contain ':')
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

const translators = new Map<Locale, Translator>();

/** The translator for one locale. Safe to share between concurrent requests: it only carries its locale. */
export function getT(locale: Locale): Translator {
  const cached = translators.get(locale);
  if (cached) return cached;
  const fixed = instance.getFixedT(locale);
  // A text without variables is the same every time: looked up once (a storefront page asks for hundreds).
  const plain = new Map<string, string>();
  const t = ((key: MessageKey, vars?: Vars) => {
    if (vars !== undefined) return fixed(key, vars) as string;
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = fixed(key) as string));
    return text;
  }) as Translator;
  Object.defineProperty(t, 'locale', { value: locale, enumerable: true });
  t.has = (key: string): key is MessageKey => instance.exists(key, { lng: locale });
  t.error = (code: string, fallback?: string) => {
    const key = `apiErrors.${code}`;
    if (t.has(key)) return t(key);
    return fallback ?? t('apiErrors.internal_error');
  };
  translators.set(locale, t);
  return t;
}

/** A supported locale from an exact tag (any case, `_` or `-`), else null. For cookies and `<html lang>`. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const v = value.trim().toLowerCase().replace('_', '-');
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === v) ?? null;
}

/** The supported locale for one Accept-Language tag: exactly es-AR -> es-AR; es, es-* -> es; en, en-* -> en. */
function matchTag(tag: string): Locale | null {
  const v = tag.toLowerCase().replace('_', '-');
  if (v === 'es-ar') return 'es-AR';
  if (v === 'es' || v.startsWith('es-')) return 'es';
  if (v === 'en' || v.startsWith('en-')) return 'en';
  return null;
}

/** Accept-Language entries, best first (by q, then order); q=0 and malformed entries are dropped. */
function parseAcceptLanguage(header: string): string[] {
  const entries: { tag: string; q: number; i: number }[] = [];
  for (const [i, part] of header.slice(0, 2000).split(',').slice(0, 50).entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim();
    if (!tag || !/^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$|^\*$/.test(tag)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!(q > 0 && q <= 1)) continue;
    entries.push({ tag, q, i });
  }
  return entries.sort((a, b) => b.q - a.q || a.i - b.i).map((e) => e.tag);
}

/** The request's locale: the `lang` cookie when supported, else the best Accept-Language match, else es. */
export function resolveLocale({ query, cookie, acceptLanguage }: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  // ?lang= addresses one language (hreflang alternates point at it); then the visitor's choice; then the browser's.
  const chosen = toLocale(query) ?? toLocale(cookie);
  if (chosen) return chosen;
  if (acceptLanguage) {
    for (const tag of parseAcceptLanguage(acceptLanguage)) {
      const match = matchTag(tag);
      if (match) return match;
    }
  }
  return DEFAULT_LOCALE;
}

/**
 * The `?lang=` of the page that made an API call (its same-site Referer). A page opened at `?lang=es` (the hreflang
 * alternates point there) carries no cookie, and its islands' fetches carry the browser's Accept-Language: without
 * this, a Spanish page would show the API's refusals in English.
 */
export function refererLang(referer: string | null, host: string): string | null {
  if (!referer || referer.length > 4000) return null;
  try {
    const from = new URL(referer);
    return from.host === host ? from.searchParams.get('lang') : null;
  } catch { return null; }
}

/** The value for `<html lang>` (locales are already BCP 47 tags). */
export function htmlLang(locale: Locale): string {
  return locale;
}
