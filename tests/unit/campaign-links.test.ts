// Links that never die (issue 26): what a campaign's page reads as inside its shop, whatever form it was typed or
// stored in, and the one tracked link built from the shop's primary address.
import { afterEach, describe, expect, it } from 'vitest';
import { shopPagePath, storedPage, trackedLink } from '../../src/domain/marketing/links.ts';
import { resetConfig } from '../../src/lib/server/config.ts';

const shop: { slug: string; canonical_url: string | null } = { slug: 'demo-03', canonical_url: null };
const own: typeof shop = { slug: 'demo-04', canonical_url: 'https://tienda-04.example' };
const BASE = 'tiendas.test';
const onPlatform = new URL('https://tiendas.test/api/shops/demo-03/share');
const onShop = new URL('https://demo-03.tiendas.test/api/shops/demo-03/share');
const page = (s: typeof shop, raw: string, at = onPlatform) => shopPagePath(s, raw, at, BASE);

describe('a campaign page inside its shop', () => {
  it('reads the typed path, the bare-domain form and the shop\'s own hosts as the same path', () => {
    expect(page(shop, '/productos')).toBe('/productos');
    expect(page(shop, '/productos/')).toBe('/productos');
    expect(page(shop, '/demo-03/productos')).toBe('/productos');
    expect(page(shop, '/demo-03/')).toBe('/');
    expect(page(shop, '/demo-03')).toBe('/');
    expect(page(shop, '/')).toBe('/');
    expect(page(shop, 'https://tiendas.test/demo-03/catalogos/verano#x')).toBe('/catalogos/verano');
    expect(page(shop, 'https://demo-03.tiendas.test/catalogos/verano?x=1&campaign=old&click_id=c&referral=r')).toBe('/catalogos/verano?x=1');
    expect(page(shop, 'http://127.0.0.1:4321/demo-03/productos', new URL('http://127.0.0.1:4321/api/x'))).toBe('/productos');
    expect(page(own, 'https://tienda-04.example/catalogos/a')).toBe('/catalogos/a');
    expect(page(own, 'https://demo-04.tiendas.test/')).toBe('/');
  });

  it('refuses another site, another shop and what is not a web address', () => {
    expect(page(shop, 'https://evil.example/productos')).toBeNull();
    expect(page(shop, 'https://demo-04.tiendas.test/productos')).toBeNull();
    expect(page(shop, 'https://tiendas.test/demo-04/')).toBeNull();
    expect(page(shop, 'https://tiendas.test/productos')).toBeNull();
    // On the shop's own host, another shop's address is still refused (it is not the bare domain).
    expect(page(shop, 'https://demo-04.tiendas.test/', onShop)).toBeNull();
    expect(page(shop, 'javascript:alert(1)')).toBeNull();
    expect(page(shop, '//evil.example/x')).toBeNull();
    expect(page(shop, '/a\0b')).toBeNull();
    expect(page(shop, `/${'x'.repeat(2001)}`)).toBeNull();
  });

  it('reads stored rows that name no page of the shop as its home', () => {
    expect(storedPage(shop, '/demo-04/', onPlatform)).toBe('/');
    expect(storedPage(shop, 'https://tiendas.test/demo-04/', onPlatform)).toBe('/');
    expect(storedPage(shop, '/admin/panel', onPlatform)).toBe('/');
    expect(storedPage(shop, '/demo-03/productos', onPlatform)).toBe('/productos');
    expect(storedPage(shop, 'http://localhost:4321/demo-03/catalogos/cafe', onPlatform)).toBe('/catalogos/cafe');
  });
});

describe('the tracked link', () => {
  afterEach(() => { delete process.env.SHOP_SUBDOMAINS; delete process.env.BASE_DOMAIN; resetConfig(); });

  it('is the page at the shop\'s primary address plus referral, campaign and a fresh click id', () => {
    process.env.BASE_DOMAIN = BASE;
    resetConfig();
    const a = new URL(trackedLink(shop, '/productos?x=1', onPlatform, 'ana', 'c1'));
    expect(`${a.origin}${a.pathname}`).toBe('https://demo-03.tiendas.test/productos');
    expect(Object.fromEntries(a.searchParams)).toMatchObject({ x: '1', referral: 'ana', campaign: 'c1' });
    expect(a.searchParams.get('click_id')).not.toBe(new URL(trackedLink(shop, '/productos', onPlatform, 'ana', 'c1')).searchParams.get('click_id'));
    expect(new URL(trackedLink(own, '/', onPlatform, 'ana', 'c1')).origin).toBe('https://tienda-04.example');
    process.env.SHOP_SUBDOMAINS = '0';
    resetConfig();
    expect(trackedLink(shop, '/', onPlatform, 'ana', 'c1')).toMatch(/^https:\/\/tiendas\.test\/demo-03\/\?referral=ana&campaign=c1&click_id=/);
    expect(trackedLink(shop, '/productos', onPlatform, 'ana', 'c1')).toMatch(/^https:\/\/tiendas\.test\/demo-03\/productos\?referral=ana/);
  });
});
