import { setTimeout as sleep } from 'node:timers/promises';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import es from '../../src/locales/es.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import esAR from '../../src/locales/es-AR.json' with { type: 'json' };
import {
  DEFAULT_LOCALE, LOCALE_NAMES, SUPPORTED_LOCALES, getT, htmlLang, resolveLocale, toLocale, type Locale,
} from '../../src/lib/i18n/index.ts';
import { preferencesForm, preferencesInput, readPreferences } from '../../src/lib/i18n/preferences.ts';

type Dict = Record<string, Record<string, unknown>>;
const leaves = (d: Dict) => Object.entries(d).flatMap(([area, keys]) => Object.keys(keys).map((k) => `${area}.${k}`));
const cookieJar = (values: Record<string, string>) => ({ get: (n: string) => (n in values ? { value: values[n]! } : undefined) });

describe('resolveLocale', () => {
  it('defaults to es', () => {
    expect(DEFAULT_LOCALE).toBe('es');
    expect(SUPPORTED_LOCALES).toEqual(['es', 'en', 'es-AR']);
    expect(resolveLocale({})).toBe('es');
    expect(resolveLocale({ cookie: null, acceptLanguage: null })).toBe('es');
    expect(resolveLocale({ acceptLanguage: '' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'fr-FR, de;q=0.9, *;q=0.1' })).toBe('es');
  });

  it('lets a supported lang cookie win over Accept-Language', () => {
    expect(resolveLocale({ cookie: 'en', acceptLanguage: 'es-MX' })).toBe('en');
    expect(resolveLocale({ cookie: 'es-AR', acceptLanguage: 'en-US' })).toBe('es-AR');
    expect(resolveLocale({ cookie: 'es-ar', acceptLanguage: 'en-US' })).toBe('es-AR');
    expect(resolveLocale({ cookie: 'es', acceptLanguage: 'en' })).toBe('es');
  });

  it('ignores an unsupported cookie', () => {
    expect(resolveLocale({ cookie: 'fr', acceptLanguage: 'en-GB' })).toBe('en');
    expect(resolveLocale({ cookie: 'es-MX', acceptLanguage: 'en' })).toBe('en');
    expect(resolveLocale({ cookie: '', acceptLanguage: 'en' })).toBe('en');
    expect(resolveLocale({ cookie: '../../etc', acceptLanguage: null })).toBe('es');
  });

  it('maps Accept-Language tags: exactly es-AR to es-AR, other es-* to es, en-* to en', () => {
    expect(resolveLocale({ acceptLanguage: 'es-AR' })).toBe('es-AR');
    expect(resolveLocale({ acceptLanguage: 'es-ar,es;q=0.9' })).toBe('es-AR');
    expect(resolveLocale({ acceptLanguage: 'es-419' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'es-UY,es;q=0.8' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'es-MX' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'es' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'en' })).toBe('en');
  });

  it('takes the best match by q value, then by order', () => {
    expect(resolveLocale({ acceptLanguage: 'fr;q=1, en-US;q=0.8, es-AR;q=0.9' })).toBe('es-AR');
    expect(resolveLocale({ acceptLanguage: 'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7,es;q=0.6' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'en;q=0.5, es;q=0.5' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'en;q=0, es-AR' })).toBe('es-AR'); // q=0: not acceptable
  });

  it('survives malformed headers', () => {
    expect(resolveLocale({ acceptLanguage: ';;,,;q=abc, en;q=2, <script>' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'x'.repeat(10_000) })).toBe('es');
    expect(resolveLocale({ acceptLanguage: ' en-GB ; q = 0.7 ' })).toBe('en');
  });

  it('normalises exact tags with toLocale and gives the html lang', () => {
    expect(toLocale('ES_ar')).toBe('es-AR');
    expect(toLocale('EN')).toBe('en');
    expect(toLocale('en-US')).toBeNull();
    expect(toLocale(undefined)).toBeNull();
    for (const l of SUPPORTED_LOCALES) expect(htmlLang(l)).toBe(l);
    expect(LOCALE_NAMES).toEqual({ es: 'Español', en: 'English', 'es-AR': 'Español (Argentina)' });
  });
});

describe('translations', () => {
  it('uses the spec texts', () => {
    const t = getT('es');
    expect(t('header.login')).toBe('Iniciar sesión');
    expect(t('header.signup')).toBe('Registrarse');
    expect(t('header.signOff')).toBe('Cerrar sesión');
    expect(t('catalogue.listTitle')).toBe('Catálogos');
    expect(t('sort.queue_position')).toBe('Más relevantes');
    expect(t('sort.-list_price')).toBe('Mayor precio');
    expect(t('sort.list_price')).toBe('Menor precio');
    expect(t('stock.available')).toBe('Disponible');
    expect(t('stock.lastAvailable')).toBe('Últimos disponibles');
    expect(t('stock.onDemand')).toBe('Sobre pedido');
    expect(t('stock.outOfStock')).toBe('Agotado');
    expect(t('stock.temporarilyUnavailable')).toBe('No disponible temporalmente');
    expect(t('errors.shopNotFoundTitle')).toBe('Tienda no encontrada');
    expect(t('errors.shopNotFoundText')).toBe('Lo sentimos, pero la tienda no existe');
    // The spec's 404 title is English even in Spanish; issue 10 (one language per page) translates it.
    expect(t('errors.notFoundTitle')).toBe('¡Página no encontrada!');
    expect(t('headerEditor.created')).toBe('Se creó el header correctamente');
    expect(t('headerEditor.updated')).toBe('Se actualizó el header correctamente');
    expect(t('headerEditor.deleted')).toBe('Se borró el header correctamente');
    expect(t('common.genericError')).toBe('Ocurrió un error');
    expect(t('common.successTitle')).toBe('Éxito');
    expect(t('supplier.missingConfig')).toBe('Falta configuración del vendedor – Contacte a su vendedor');
    expect(t('supplier.lookupFailed')).toBe('Error al obtener la información de vendedor – Intente después.');
    expect(t('supplier.receiptFailed')).toBe('Error al generar el recibo – El recibo no se puede generar en este momento, inténtelo más tarde.');
    expect(t('photo.uploadFailed')).toBe('La foto no se pudo actualizar en este momento, intentelo mas tarde');
    expect(t('franchise.removed')).toBe('La franquicia se eliminó de tu tienda');
    expect(t('franchise.added')).toBe('La franquicia se agregó a tu tienda');
    expect(t('payment.attemptFailed')).toBe('El intento de pago falló. Por favor, seleccione otra forma de pago o intente más tarde');
    expect(t('payment.failedNoTransaction')).toBe('El intento de pago falló y no fue posible completar la transacción.');
    expect(t('payment.genericError')).toBe('Ha ocurrido un error');
    expect(getT('en')('pin.genericError')).toBe('An error has occurred, please try again');
    expect(getT('en')('pin.invalid')).toBe('PIN invalid');
  });

  it('interpolates without escaping (Astro and React escape on output) and picks plural forms', () => {
    const t = getT('es');
    expect(t('photo.imageRejected', { size: 4 })).toBe(
      'Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png, .svg');
    expect(t('catalogue.pageOf', { page: 2, pages: 5 })).toBe('Página 2 de 5');
    expect(t('search.resultsFor', { query: '<b>&' })).toBe('Resultados para «<b>&»');
    expect(t('catalogue.itemCount', { count: 1 })).toBe('1 artículo');
    expect(t('catalogue.itemCount', { count: 0 })).toBe('0 artículos');
    expect(t('catalogue.itemCount', { count: 30 })).toBe('30 artículos');
    expect(t('catalogue.itemCount', { count: 1_000_000 })).toBe('1000000 de artículos');
    expect(getT('en')('catalogue.itemCount', { count: 1 })).toBe('1 item');
    expect(getT('en')('catalogue.itemCount', { count: 1_000_000 })).toBe('1000000 items');
    expect(getT('es-AR')('catalogue.itemCount', { count: 1 })).toBe('1 artículo');
  });

  it('falls back es-AR -> es and en -> es for missing keys', () => {
    const ar = getT('es-AR');
    expect(ar('header.login')).toBe('Iniciá sesión'); // its own
    expect(ar('header.cart')).toBe('Carrito'); // from es
    expect(ar('stock.onDemand')).toBe('Sobre pedido');
    expect(ar('price.youSave', { amount: '$10.00' })).toBe('Ahorrás $10.00');
    expect(getT('es')('price.youSave', { amount: '$10.00' })).toBe('Ahorras $10.00');
  });

  it('falls back en -> es (a fresh module whose en dictionary lacks keys)', async () => {
    vi.resetModules();
    vi.doMock('../../src/locales/en.json', () => ({ default: { meta: { languageName: 'English' }, header: { login: 'Log in' } } }));
    try {
      const fresh = await import('../../src/lib/i18n/index.ts');
      const t = fresh.getT('en');
      expect(t('header.login')).toBe('Log in');
      expect(t('header.cart')).toBe('Carrito');
      expect(t('catalogue.itemCount', { count: 2 })).toBe('2 artículos');
      expect(t.has('header.cart')).toBe(true);
      expect(t.error('email_taken')).toBe('El usuario ya existe');
    } finally {
      vi.doUnmock('../../src/locales/en.json');
      vi.resetModules();
    }
  });

  it('types keys: a misspelt key does not compile, keys built from typed data do', () => {
    const t = getT('es');
    // @ts-expect-error unknown key (checked by `npm run check`)
    expect(t('header.logn')).toBe('header.logn');
    const sort = 'list_price' as 'queue_position' | '-list_price' | 'list_price';
    expect(t(`sort.${sort}`)).toBe('Menor precio');
  });

  it('answers the key itself for an unknown key, and maps error codes', () => {
    const t = getT('en');
    expect(t('nope.never' as never)).toBe('nope.never');
    expect(t.has('nope.never')).toBe(false);
    expect(t.has('header.login')).toBe(true);
    expect(t.error('pin_expired')).toBe('The PIN has expired, ask for a new one');
    expect(getT('es').error('insufficient_stock')).toBe('Stock insuficiente');
    expect(getT('es-AR').error('email_taken')).toBe('El usuario ya existe'); // via es
    expect(getT('es').error('something_new', 'Server text')).toBe('Server text');
    expect(getT('es').error('something_new')).toBe('Ocurrió un error, por favor inténtalo de nuevo');
    expect(t.locale).toBe('en');
    expect(getT('en')).toBe(t); // cached per locale
  });
});

describe('dictionaries', () => {
  const dicts: Record<Locale, Dict> = { es: es as Dict, en: en as Dict, 'es-AR': esAR as Dict };
  const pluralBase = (k: string) => k.replace(/_(one|many|other)$/, '');

  it('are two levels deep (area.key) with non-empty string values', () => {
    for (const [locale, d] of Object.entries(dicts)) {
      for (const [area, keys] of Object.entries(d)) {
        expect(area, locale).toMatch(/^[a-z][A-Za-z]*$/);
        for (const [k, v] of Object.entries(keys)) {
          expect(typeof v, `${locale} ${area}.${k}`).toBe('string');
          expect((v as string).trim(), `${locale} ${area}.${k}`).not.toBe('');
        }
      }
    }
  });

  it('es and en have the same keys (plural forms aside); es-AR only overrides es keys', () => {
    const base = (d: Dict) => [...new Set(leaves(d).map(pluralBase))].sort();
    expect(base(dicts.en)).toEqual(base(dicts.es));
    const esKeys = new Set(leaves(dicts.es));
    expect(leaves(dicts['es-AR']).filter((k) => !esKeys.has(k))).toEqual([]);
    expect(leaves(dicts['es-AR']).length).toBeLessThan(leaves(dicts.es).length / 4);
  });

  it('use the same placeholders in every language', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [locale, d] of Object.entries(dicts)) {
      for (const key of leaves(d)) {
        const [area, k] = key.split('.') as [string, string];
        const esValue = (dicts.es[area]?.[k] ?? dicts.es[area]?.[`${pluralBase(k)}_other`]) as string | undefined;
        expect(esValue, `${locale} ${key} has no es counterpart`).toBeDefined();
        expect(vars(d[area]![k] as string), `${locale} ${key}`).toEqual(vars(esValue!));
      }
    }
  });

  it('give every plural key the forms its language needs (es: one/many/other, en: one/other)', () => {
    for (const key of leaves(dicts.es).filter((k) => k.endsWith('_other'))) {
      const b = pluralBase(key);
      expect(leaves(dicts.es)).toEqual(expect.arrayContaining([`${b}_one`, `${b}_many`]));
      expect(leaves(dicts.en)).toEqual(expect.arrayContaining([`${b}_one`, `${b}_other`]));
    }
  });
});

describe('per-request locales', () => {
  // Two "requests" share the module, interleave at every await, and each must keep its own language.
  async function render(locale: Locale, steps: number[]) {
    const t = getT(locale);
    const out: string[] = [];
    for (const ms of steps) {
      await sleep(ms); // a database call: the other request runs meanwhile
      out.push(t('header.login'), t('stock.outOfStock'));
    }
    return out;
  }

  it('keeps each interleaved request in its own locale', async () => {
    const [a, b, c] = await Promise.all([render('en', [5, 1, 5, 1]), render('es', [1, 5, 1, 5]), render('es-AR', [3, 3, 3, 3])]);
    expect(new Set(a)).toEqual(new Set(['Log in', 'Out of stock']));
    expect(new Set(b)).toEqual(new Set(['Iniciar sesión', 'Agotado']));
    expect(new Set(c)).toEqual(new Set(['Iniciá sesión', 'Agotado']));
    // and nothing switched a global language on the way
    expect(getT('es')('header.login')).toBe('Iniciar sesión');
  });

  it('is not disturbed by someone switching the global i18next instance', async () => {
    const t = getT('es');
    await i18next.init({ lng: 'en', resources: {} });
    await i18next.changeLanguage('en');
    expect(t('header.login')).toBe('Iniciar sesión');
  });

  it('(why) a shared changeLanguage leaks one request\'s language into another', async () => {
    const shared = i18next.createInstance();
    await shared.init({ lng: 'es', resources: { es: { translation: es }, en: { translation: en } } });
    async function globalStyle(locale: Locale, wait: number) {
      await shared.changeLanguage(locale); // what astro-i18next injects into every page
      await sleep(wait);
      return shared.t('header.login');
    }
    const [a, b] = await Promise.all([globalStyle('en', 10), globalStyle('es', 1)]);
    expect(a).toBe('Iniciar sesión'); // request "en" rendered in Spanish
    expect(b).toBe('Iniciar sesión');
  });
});

describe('preferences schemas', () => {
  it('reads the effective preferences from cookies', () => {
    expect(readPreferences(cookieJar({}), 'en-US')).toEqual({ lang: 'en', theme: null, showResaleInfo: true });
    expect(readPreferences(cookieJar({ lang: 'es-AR', theme: 'dark', showResaleInfo: 'false' }), 'en')).toEqual({ lang: 'es-AR', theme: 'dark', showResaleInfo: false });
    expect(readPreferences(cookieJar({ theme: 'blue', showResaleInfo: 'yes' }), null)).toEqual({ lang: 'es', theme: null, showResaleInfo: false });
  });

  it('validates JSON bodies strictly and form strings leniently', () => {
    expect(preferencesInput.parse({ lang: 'es-AR', showResaleInfo: false })).toEqual({ lang: 'es-AR', showResaleInfo: false });
    expect(preferencesInput.safeParse({ lang: 'fr' }).success).toBe(false);
    expect(preferencesInput.safeParse({ showResaleInfo: 'true' }).success).toBe(false);
    expect(preferencesInput.safeParse({ language: 'en' }).success).toBe(false);
    expect(preferencesForm.parse({ lang: 'en', theme: '', showResaleInfo: 'false', next: '/x' })).toEqual({ lang: 'en', showResaleInfo: false, next: '/x' });
    expect(preferencesForm.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(preferencesForm.safeParse({ showResaleInfo: 'on' }).success).toBe(false);
  });
});
