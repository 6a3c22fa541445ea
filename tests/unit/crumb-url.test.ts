import { describe, expect, it } from 'vitest';
import { crumbUrl } from '../../src/sections/json-ld.ts';

describe('crumbUrl (breadcrumb JSON-LD links)', () => {
  const asked = new URL('http://localhost:4321/demo-03/carrito');
  it('names a link under the shop prefix at the shop\'s primary address', () => {
    expect(crumbUrl('/demo-03/', '/demo-03', 'https://tienda.example/', asked)).toBe('https://tienda.example/');
    expect(crumbUrl('/demo-03/catalogos/novedades', '/demo-03', 'http://localhost:4321/demo-03/', asked)).toBe('http://localhost:4321/demo-03/catalogos/novedades');
    expect(crumbUrl('/productos', '', 'http://demo-03.localhost:4321/', new URL('http://demo-03.localhost:4321/carrito'))).toBe('http://demo-03.localhost:4321/productos');
  });
  it('leaves a platform path (the network\'s /marketplace) on the host the page was asked at', () => {
    // It used to lose the prefix's length of the path: http://localhost:4321/demo-03lace.
    expect(crumbUrl('/marketplace', '/demo-03', 'http://localhost:4321/demo-03/', asked)).toBe('http://localhost:4321/marketplace');
    expect(crumbUrl('/demo-030/x', '/demo-03', 'http://localhost:4321/demo-03/', asked)).toBe('http://localhost:4321/demo-030/x');
  });
  it('keeps absolute links', () => {
    expect(crumbUrl('http://localhost:4321/marketplace', '', 'http://demo-03.localhost:4321/', asked)).toBe('http://localhost:4321/marketplace');
  });
});
