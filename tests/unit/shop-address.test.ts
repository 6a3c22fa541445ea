import { afterEach, describe, expect, it } from 'vitest';
import { atPrimaryAddress, shopOrigin } from '../../src/lib/server/shop-url.ts';
import { matchTenancy, preferredPath } from '../../src/lib/server/tenancy.ts';
import { resetConfig } from '../../src/lib/server/config.ts';

const shop = { slug: 'demo-03', canonical_url: null };
const own = { slug: 'demo-04', canonical_url: 'https://tienda-04.example' };

describe('a shop primary address', () => {
  afterEach(() => { delete process.env.SHOP_SUBDOMAINS; resetConfig(); });

  it('is its own domain, else its subdomain, else the bare domain and its path', () => {
    const url = new URL('http://example.test:8080/demo-03/catalogos');
    expect(shopOrigin(own, url, 'example.test')).toBe('https://tienda-04.example');
    expect(shopOrigin(shop, url, 'example.test')).toBe('http://demo-03.example.test:8080');
    process.env.SHOP_SUBDOMAINS = '0';
    resetConfig();
    expect(shopOrigin(shop, url, 'example.test')).toBe('http://example.test:8080/demo-03');
    expect(shopOrigin(shop, new URL('https://demo-03.example.test/x'), 'example.test')).toBe('https://example.test/demo-03');
    expect(atPrimaryAddress(shop, url, '/demo-03')).toBe(true);
  });

  it('is not the path or another host when subdomains are on', () => {
    expect(atPrimaryAddress(shop, new URL('http://localhost/demo-03/sitemap.xml'), '/demo-03')).toBe(false);
    expect(atPrimaryAddress(shop, new URL('http://demo-03.localhost/sitemap.xml'), '')).toBe(true);
  });
});

describe('one address per page', () => {
  const pref = (host: string, path: string) => preferredPath(matchTenancy(host, path, 'localhost'), path);
  it('keeps a slash only on a path-addressed shop home', () => {
    expect(pref('localhost', '/demo-03')).toBe('/demo-03/');
    expect(pref('localhost', '/demo-03/')).toBeNull();
    expect(pref('localhost', '/demo-03/catalogos/')).toBe('/demo-03/catalogos');
    expect(pref('demo-03.localhost', '/')).toBeNull();
    expect(pref('demo-03.localhost', '/blogs/')).toBe('/blogs');
    expect(pref('localhost', '/emprendedores/')).toBe('/emprendedores');
    expect(pref('localhost', '/api/shops/')).toBeNull();
  });
});

describe('the language of a page', () => {
  it('is the one ?lang= addresses, before the cookie and the browser', async () => {
    const { resolveLocale } = await import('../../src/lib/i18n/index.ts');
    expect(resolveLocale({ query: 'en', cookie: 'es', acceptLanguage: 'es-MX' })).toBe('en');
    expect(resolveLocale({ query: 'es-ar', acceptLanguage: 'en' })).toBe('es-AR');
    expect(resolveLocale({ query: 'fr', cookie: 'en' })).toBe('en');
    expect(resolveLocale({ query: null, acceptLanguage: 'en-US' })).toBe('en');
  });
});
