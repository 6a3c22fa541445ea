// A slide's words (issue 15): what the storefront renders from a stored slide, with links checked again at render.
import { describe, expect, it } from 'vitest';
import { slideSchema } from '../../src/domain/shops/schema.ts';
import { slideInputSchema } from '../../src/domain/admin/schema.ts';
import { slideText } from '../../src/lib/shared/slides.ts';

const stored = (extra: Record<string, unknown>) => slideSchema.parse({ hzt_image: '/media/x.png', ...extra });

describe('slideText', () => {
  it('is null for a slide without words (older slides), and keeps the per-breakpoint places', () => {
    expect(slideText(stored({}), '/demo-03')).toBeNull();
    expect(slideText(stored({ title: 'Verano' }), '')).toEqual({ title: 'Verano', subtitle: null, button: null, desktop: 'over', phone: 'below' });
    expect(slideText(stored({ subtitle: 'Solo hoy', text_desktop: 'hidden', text_phone: 'over' }), '')).toMatchObject({ desktop: 'hidden', phone: 'over' });
  });

  it('links the button to the shop\'s pages under its base, and drops a button whose stored link is unsafe', () => {
    expect(slideText(stored({ title: 'T', button_label: 'Ver', button_url: '/catalogos/ofertas' }), '/demo-03')?.button)
      .toEqual({ label: 'Ver', href: '/demo-03/catalogos/ofertas' });
    expect(slideText(stored({ title: 'T', button_label: 'Ver', button_url: 'https://example.com/a' }), '/demo-03')?.button)
      .toEqual({ label: 'Ver', href: 'https://example.com/a' });
    // Written by SQL or an older version: never rendered as a link.
    expect(slideText(stored({ title: 'T', button_label: 'Ver', button_url: 'javascript:alert(1)' }), '')?.button).toBeNull();
    expect(slideText(stored({ button_label: 'Ver', button_url: 'javascript:alert(1)' }), '')).toBeNull();
    expect(slideText(stored({ title: 'T', button_url: '/catalogos' }), '')?.button).toBeNull();
  });
});

describe('slideInputSchema words', () => {
  const base = { hzt_image: '/media/00000000-0000-4000-8000-000000000000.png', vrt_image: '/media/00000000-0000-4000-8000-000000000000.png', action_type: 'none' };
  it('trims, turns empty words into null and bounds them', () => {
    const ok = slideInputSchema.parse({ ...base, title: '  Verano  ', subtitle: '', button_label: null });
    expect(ok).toMatchObject({ title: 'Verano', subtitle: null, button_label: null, text_desktop: 'over', text_phone: 'below' });
    expect(slideInputSchema.safeParse({ ...base, title: 'x'.repeat(61) }).success).toBe(false);
    expect(slideInputSchema.safeParse({ ...base, text_phone: 'left' }).success).toBe(false);
  });
  it('wants a link with a button label, and a link that passes the carousel link rule', () => {
    const issues = (v: Record<string, unknown>) => slideInputSchema.safeParse({ ...base, ...v }).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues({ button_label: 'Ver' })).toEqual(['button_url:validation.required']);
    expect(issues({ button_label: 'Ver', button_url: 'javascript:alert(1)' })).toEqual(['button_url:invalid_shop_carousel_link']);
    expect(issues({ button_label: 'Ver', button_url: 'www.example.com/ofertas' })).toBeUndefined();
  });
});
