import { describe, expect, it } from 'vitest';
import { hoistIslandStyle } from '../../src/lib/server/island-style.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const hoist = (html: string) => hoistIslandStyle(Buffer.from(html)).toString('utf8');

describe('hoistIslandStyle', () => {
  it('moves the island style written late in the body into the head, once', () => {
    const html = `<html><head><title>x</title></head><body><astro-island></astro-island><div>${STYLE}<script>1</script></div></body></html>`;
    const out = hoist(html);
    expect(out).toBe(`<html><head><title>x</title>${STYLE}</head><body><astro-island></astro-island><div><script>1</script></div></body></html>`);
    expect(out.length).toBe(html.length);
  });
  it('keeps multi-byte text around it intact', () => {
    const html = `<html><head><title>Café ñandú</title></head><body><p>¡Olé! 日本</p>${STYLE}<p>€ 😀</p></body></html>`;
    expect(hoist(html)).toBe(`<html><head><title>Café ñandú</title>${STYLE}</head><body><p>¡Olé! 日本</p><p>€ 😀</p></body></html>`);
  });
  it('leaves a page without it, or with it already in the head, as it is', () => {
    const plain = '<html><head></head><body><p>hola</p></body></html>';
    expect(hoist(plain)).toBe(plain);
    const inHead = `<html><head>${STYLE}</head><body></body></html>`;
    expect(hoist(inHead)).toBe(inHead);
  });
});
