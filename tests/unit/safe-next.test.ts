import { describe, expect, it } from 'vitest';
import { safeNext } from '../../src/lib/server/redirect.ts';

describe('safeNext: where a next parameter may send a visitor', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeNext('/demo-03/')).toBe('/demo-03/');
    expect(safeNext('/demo-03/carrito?x=1#pay')).toBe('/demo-03/carrito?x=1#pay');
  });
  it('refuses other hosts however the browser would reach them', () => {
    for (const evil of [
      '//evil.example', 'https://evil.example', '/\\evil.example', '\\/evil.example',
      '/\t/evil.example/pwned', '/\n/evil.example', '/\r/evil.example', '/ \t/evil.example'.replace(' ', ''),
      '/\\\\evil.example', 'javascript:alert(1)', ' /x', 'evil.example',
    ]) expect(safeNext(evil), JSON.stringify(evil)).toBe('/');
  });
  it('never returns control characters (a Location header with a newline is a 500)', () => {
    const out = safeNext('/a\nb\rc\td');
    expect(out).not.toMatch(/[\u0000-\u001f]/);
    expect(out.startsWith('/')).toBe(true);
    expect(safeNext('/x%0A%0DSet-Cookie:a=b')).toBe('/x%0A%0DSet-Cookie:a=b');
  });
  it('falls back when empty or absurdly long', () => {
    expect(safeNext(null, '/x')).toBe('/x');
    expect(safeNext('', '/x')).toBe('/x');
    expect(safeNext(`/${'a'.repeat(3000)}`, '/x')).toBe('/x');
  });
});
