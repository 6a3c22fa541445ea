import { describe, expect, it } from 'vitest';
import { queryLink } from '../../src/lib/shared/query-link.ts';

describe('queryLink', () => {
  it('keeps only the named parameters, cut to 200 characters, and applies the changes', () => {
    const sp = new URLSearchParams({ text: 'taza', aviso: 'created', page: '3', sort: 'x'.repeat(300) });
    expect(queryLink('/a', sp, ['text', 'sort', 'page'], { page: null, type: 'product' }))
      .toBe(`/a?text=taza&sort=${'x'.repeat(200)}&type=product`);
  });
  it('answers the bare path when nothing is left', () => {
    expect(queryLink('/a', new URLSearchParams({ page: '2' }), ['page'], { page: '' })).toBe('/a');
  });
});
