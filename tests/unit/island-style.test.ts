import { describe, expect, it } from 'vitest';
import { hoistIslandStyle } from '../../src/lib/server/island-style.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('hoistIslandStyle', () => {
  it('moves the island style written late in the body into the head, once', () => {
    const html = `<html><head><title>x</title></head><body><astro-island></astro-island><div>${STYLE}<script>1</script></div></body></html>`;
    const out = hoistIslandStyle(html);
    expect(out).toBe(`<html><head><title>x</title>${STYLE}</head><body><astro-island></astro-island><div><script>1</script></div></body></html>`);
    expect(out.length).toBe(html.length);
  });
  it('leaves a page without it, or with it already in the head, as it is', () => {
    const plain = '<html><head></head><body><p>hola</p></body></html>';
    expect(hoistIslandStyle(plain)).toBe(plain);
    const inHead = `<html><head>${STYLE}</head><body></body></html>`;
    expect(hoistIslandStyle(inHead)).toBe(inHead);
  });
});
