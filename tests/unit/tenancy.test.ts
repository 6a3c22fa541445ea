import { describe, expect, it } from 'vitest';
import { matchTenancy } from '../../src/lib/server/tenancy.ts';
import { isValidShopSlug } from '../../src/lib/shared/reserved-slugs.ts';
import { safeNext } from '../../src/lib/server/redirect.ts';

describe('tenancy matching', () => {
  it('reads the shop from a subdomain of the base domain', () => {
    expect(matchTenancy('demo-03.localhost', '/catalogos', 'localhost')).toEqual({ kind: 'subdomain', slug: 'demo-03', rest: '/catalogos' });
    expect(matchTenancy('Demo-03.Tiendas.MX', '/', 'tiendas.mx')).toEqual({ kind: 'subdomain', slug: 'demo-03', rest: '/' });
  });
  it('reads the shop from the first path segment on the bare domain, except reserved words', () => {
    expect(matchTenancy('localhost', '/demo-03/catalogos/novedades', 'localhost')).toEqual({ kind: 'path', slug: 'demo-03', rest: '/catalogos/novedades' });
    expect(matchTenancy('127.0.0.1', '/demo-03', 'localhost')).toEqual({ kind: 'path', slug: 'demo-03', rest: '/' });
    for (const p of ['/', '/login', '/api/me', '/red-comercial', '/ayuda/proveedores/deshabilitado', '/productos/a/b', '/mis-compras', '/admin/x', '/apps/me']) {
      expect(matchTenancy('localhost', p, 'localhost')).toEqual({ kind: 'platform' });
    }
    expect(matchTenancy('www.tiendas.mx', '/', 'tiendas.mx')).toEqual({ kind: 'platform' });
  });
  it('treats any other host as a shop\'s own domain', () => {
    expect(matchTenancy('tienda-04.example', '/catalogos', 'localhost')).toEqual({ kind: 'domain', host: 'tienda-04.example', rest: '/catalogos' });
  });
  it('keeps platform paths (api, login, media) on a shop host', () => {
    expect(matchTenancy('demo-03.localhost', '/api/me', 'localhost')).toEqual({ kind: 'subdomain', slug: 'demo-03', rest: '/api/me' });
  });
  it('never accepts a reserved word or a malformed slug as a shop slug', () => {
    for (const s of ['api', 'login', 'red-comercial', 'admin', 'productos', 'blogs', 'mis-compras', 's', 'A_b', '-x', 'x']) expect(isValidShopSlug(s)).toBe(false);
    expect(isValidShopSlug('demo-03')).toBe(true);
  });
  it('redirects only to same-site paths', () => {
    expect(safeNext('/demo-03/')).toBe('/demo-03/');
    expect(safeNext('//evil.com')).toBe('/');
    expect(safeNext('https://evil.com')).toBe('/');
    expect(safeNext('/\\evil.com')).toBe('/');
    expect(safeNext(null, '/x')).toBe('/x');
  });
});
