// Visitor preferences kept in cookies (seed 000 §4/§9, seed 001 §1): interface language, light/dark theme and
// the resale-info toggle, 365 days each. Browser-safe (zod + the i18n module): the same schemas validate
// POST /api/preferences and a preferences island's form; the middleware reads the cookies with readPreferences.
import { z } from 'zod';
import { LOCALE_COOKIE, SUPPORTED_LOCALES, resolveLocale, type Locale } from './index.ts';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const PREFERENCE_COOKIES = { lang: LOCALE_COOKIE, theme: 'theme', showResaleInfo: 'showResaleInfo' } as const;

/** JSON body: every field optional; unknown fields are refused so a misspelt one is not silently ignored. */
export const preferencesInput = z.strictObject({
  lang: z.enum(SUPPORTED_LOCALES).optional(),
  theme: z.enum(THEMES).optional(),
  showResaleInfo: z.boolean().optional(),
});
export type PreferencesInput = z.infer<typeof preferencesInput>;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The same as a no-JavaScript form (application/x-www-form-urlencoded): strings, plus where to go back to. */
export const preferencesForm = z.object({
  lang: z.preprocess(blankToUndefined, z.enum(SUPPORTED_LOCALES).optional()),
  theme: z.preprocess(blankToUndefined, z.enum(THEMES).optional()),
  showResaleInfo: z.preprocess(blankToUndefined, z.enum(['true', 'false']).transform((v) => v === 'true').optional()),
  next: z.string().max(2000).optional(),
});

export const preferencesOutput = z.object({
  lang: z.enum(SUPPORTED_LOCALES),
  /** null: the visitor has not chosen; the shop's own default (darkmode) applies. */
  theme: z.enum(THEMES).nullable(),
  showResaleInfo: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesOutput>;

/** Anything with AstroCookies' `get`. */
export interface CookieReader { get(name: string): { value: string } | undefined }

/** The effective preferences of a request. showResaleInfo defaults to true; once set, only 'true' shows it. */
export function readPreferences(cookies: CookieReader, acceptLanguage?: string | null): Preferences {
  const theme = cookies.get(PREFERENCE_COOKIES.theme)?.value;
  const resale = cookies.get(PREFERENCE_COOKIES.showResaleInfo)?.value;
  return {
    lang: resolveLocale({ cookie: cookies.get(PREFERENCE_COOKIES.lang)?.value, acceptLanguage }) satisfies Locale,
    theme: theme === 'light' || theme === 'dark' ? theme : null,
    showResaleInfo: resale === undefined ? true : resale === 'true',
  };
}
