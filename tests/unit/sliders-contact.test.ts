import { describe, expect, it } from 'vitest';
import {
  clampLimit, CATALOGUE_SLIDER_AUTOPLAY_MS, PRODUCT_SLIDER_AUTOPLAY_MS, PRODUCT_SLIDER_PER_VIEW, productSliderLayout, productSource, wantsAutoplay,
} from '../../src/sections/slider/rules.ts';
import { contactMail, contactRecipient } from '../../src/domain/contact/rules.ts';
import { contactInput } from '../../src/domain/contact/schema.ts';
import { sectionType } from '../../src/themes/sections.ts';

describe('slider rules (seed 000 §9)', () => {
  it('uses the spec constants', () => {
    expect(CATALOGUE_SLIDER_AUTOPLAY_MS).toBe(6000);
    expect(PRODUCT_SLIDER_AUTOPLAY_MS).toBe(4000);
    expect(PRODUCT_SLIDER_PER_VIEW).toEqual({ desktop: 5, tablet: 4.5, phone: 1.5 });
  });

  it('shows a grid below 6 products and a slider from 6', () => {
    expect(productSliderLayout(0)).toBe('grid');
    expect(productSliderLayout(5)).toBe('grid');
    expect(productSliderLayout(6)).toBe('slider');
    expect(productSliderLayout(30)).toBe('slider');
  });

  it('autoplays only when turned on, as a slider, with more than one slide', () => {
    expect(wantsAutoplay(true, 'slider', 8)).toBe(true);
    expect(wantsAutoplay(false, 'slider', 8)).toBe(false);
    expect(wantsAutoplay(null, 'slider', 8)).toBe(false);
    expect(wantsAutoplay('true', 'slider', 8)).toBe(false);
    expect(wantsAutoplay(true, 'grid', 5)).toBe(false);
    expect(wantsAutoplay(true, 'slider', 1)).toBe(false);
  });

  it('clamps the shown count and reads the product source', () => {
    expect(clampLimit(50, 2, 30, 12)).toBe(30);
    expect(clampLimit(1, 2, 30, 12)).toBe(2);
    expect(clampLimit('x', 2, 30, 12)).toBe(12);
    expect(clampLimit(null, 2, 12, 8)).toBe(8);
    expect(productSource('shop', 'ignored')).toEqual({ kind: 'shop' });
    expect(productSource(undefined, '')).toEqual({ kind: 'shop' });
    expect(productSource('catalogue', ' novedades ')).toEqual({ kind: 'catalogue', ref: 'novedades' });
    expect(productSource('catalogue', null)).toEqual({ kind: 'catalogue', ref: '' });
  });

  it('are section types with autoplay settings the builder can set', () => {
    for (const type of ['catalogue-slider', 'product-slider']) {
      const def = sectionType(type)!;
      expect(def.enabledOn).toContain('home');
      expect(def.settings.find((s) => s.id === 'autoplay')).toMatchObject({ type: 'checkbox', default: true });
    }
    expect(sectionType('product-slider')!.settings.find((s) => s.id === 'catalogue')).toMatchObject({ type: 'catalogue', visibleIf: { setting: 'source', equals: 'catalogue' } });
  });
});

describe('contact rules', () => {
  it('writes to the shop contact e-mail, else the owner', () => {
    expect(contactRecipient('hola@tienda.example', 'owner@x.example')).toBe('hola@tienda.example');
    expect(contactRecipient('', 'owner@x.example')).toBe('owner@x.example');
    expect(contactRecipient('not an address', 'owner@x.example')).toBe('owner@x.example');
    expect(contactRecipient(null, null)).toBeNull();
  });

  it('bounds and checks the fields', () => {
    const ok = contactInput.safeParse({ name: ' Ana ', email: 'ANA@Test.Example', message: 'Hola', phone: '', item_id: '' });
    expect(ok.success && ok.data).toMatchObject({ mode: 'shop', name: 'Ana', email: 'ana@test.example', phone: undefined, item_id: undefined });
    const bad = contactInput.safeParse({ name: 'x'.repeat(121), email: 'x', message: 'y'.repeat(2001), phone: 'call me', item_id: 'abc', mode: 'other' });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((i) => i.path[0]))).toEqual(new Set(['name', 'email', 'message', 'phone', 'item_id', 'mode']));
  });

  it('asks what a product or service question is about', () => {
    const none = contactInput.safeParse({ mode: 'item', name: 'Ana', email: 'ana@test.example', message: 'Hola' });
    expect(none.success).toBe(false);
    expect(none.error!.issues.map((i) => [i.path[0], i.message])).toEqual([['subject', 'validation.required']]);
    expect(contactInput.safeParse({ mode: 'item', name: 'Ana', email: 'ana@test.example', message: 'Hola', subject: 'Tazas' }).success).toBe(true);
    expect(contactInput.safeParse({ mode: 'item', name: 'Ana', email: 'ana@test.example', message: 'Hola', item_id: '00000000-0000-4000-8000-000000000000' }).success).toBe(true);
  });

  it('keeps the sender on one line, quotes the message as typed, and answers go to the sender', () => {
    const input = contactInput.parse({ mode: 'item', name: 'Eve\r\nBcc: x@evil.example', email: 'eve@test.example', subject: 'Taza\nBcc: y@evil.example', message: 'Línea 1\nLínea 2' });
    const mail = contactMail({ name: 'Casa Norte', url: 'https://casa.example/' }, input, null);
    expect(mail.about).not.toMatch(/[\r\n]/);
    expect(mail.about).toContain('Taza');
    expect(mail.fromName).toBe('Eve Bcc: x@evil.example');
    expect(mail.replyTo).toBe('eve@test.example');
    expect(mail.message).toBe('Línea 1\nLínea 2');
    const about = contactMail({ name: 'Casa Norte', url: 'https://casa.example/' }, input, { name: 'Taza de barro', url: 'https://casa.example/productos/a/b' });
    expect(about).toMatchObject({ about: 'Taza de barro', itemUrl: 'https://casa.example/productos/a/b' });
  });
});
