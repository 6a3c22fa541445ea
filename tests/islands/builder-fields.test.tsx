// Every setting type of the engine gets a control in the generated form; the ones no shipped section uses yet
// (color, colorScheme, image, url, product, catalogue, number, richtext) are exercised here.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { themeApi } from '../../islands/builder/api.ts';
import { SettingsForm } from '../../islands/builder/SettingsForm.tsx';
import type { SectionTypeInfo } from '../../islands/builder/types.ts';
import { SETTING_TYPES } from '../../src/themes/schema.ts';

const server = setupServer(
  http.get('*/api/shops/demo-03/search', ({ request }) => {
    const text = new URL(request.url).searchParams.get('text');
    return HttpResponse.json({ results: [{ id: 'p-42', owner: 'o1', name: `Taza ${text}` }], matches_estimated: 1 });
  }),
  http.post('*/api/shops/demo-03/admin/uploads', () => HttpResponse.json({ id: 'm1', url: '/media/m1.webp', width: 10, height: 10, content_type: 'image/webp', byte_size: 10, sanitized: false }, { status: 201 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); });
afterAll(() => server.close());

const def: SectionTypeInfo = {
  type: 'everything', name: 'Everything', hydrate: 'none', enabledOn: ['home'], unique: false, blocks: [],
  settings: [
    { id: 'heading', type: 'text', label: 'Heading' },
    { id: 'intro', type: 'textarea', label: 'Intro', maxLength: 20 },
    { id: 'body', type: 'richtext', label: 'Body' },
    { id: 'count', type: 'number', label: 'Count', min: 1, max: 9 },
    { id: 'width', type: 'range', label: 'Width', min: 1, max: 3 },
    { id: 'boxed', type: 'checkbox', label: 'Boxed' },
    { id: 'style', type: 'select', label: 'Style', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
    { id: 'tint', type: 'color', label: 'Tint' },
    { id: 'scheme', type: 'colorScheme', label: 'Scheme' },
    { id: 'logo', type: 'image', label: 'Logo' },
    { id: 'link', type: 'url', label: 'Link' },
    { id: 'featured', type: 'product', label: 'Featured product' },
    { id: 'shelf', type: 'catalogue', label: 'Shelf' },
  ],
};

function renderAll() {
  const onChange = vi.fn();
  render(<SettingsForm section={{ id: 'all', type: 'everything', disabled: false, settings: {}, blocks: [] }} def={def} packDefaults={{}}
    onChange={onChange} serverFields={{}} api={themeApi('demo-03')} catalogues={[{ id: 'c1', name: 'Novedades', slug: 'novedades' }]} />);
  return onChange;
}
const field = (id: string) => document.querySelector(`[data-setting="${id}"]`) as HTMLElement;

describe('generated form: every setting type', () => {
  it('has one control per setting type', () => {
    renderAll();
    expect(new Set(def.settings.map((s) => s.type))).toEqual(new Set(SETTING_TYPES));
    for (const s of def.settings) expect(field(s.id), s.type).toBeTruthy();
  });

  it('checks colours, links, numbers and images before committing them', () => {
    const onChange = renderAll();
    const tint = within(field('tint')).getByRole('textbox');
    fireEvent.change(tint, { target: { value: '#12' } });
    expect(within(field('tint')).getByRole('alert').textContent).toMatch(/#1a2b3c/);
    fireEvent.change(tint, { target: { value: '#12ab34' } });
    expect(onChange).toHaveBeenLastCalledWith('tint', '#12ab34');

    const link = within(field('link')).getByRole('textbox');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    expect(within(field('link')).getByRole('alert')).toBeTruthy();
    fireEvent.change(link, { target: { value: '/catalogos/novedades' } });
    expect(onChange).toHaveBeenLastCalledWith('link', '/catalogos/novedades');

    fireEvent.change(within(field('count')).getByRole('spinbutton'), { target: { value: '0' } });
    expect(within(field('count')).getByRole('alert').textContent).toMatch(/Mínimo 1/);

    fireEvent.change(within(field('logo')).getByRole('textbox'), { target: { value: 'https://evil.test/x.png' } });
    expect(within(field('logo')).getByRole('alert').textContent).toMatch(/imagen subida/);

    fireEvent.change(within(field('intro')).getByRole('textbox'), { target: { value: 'x'.repeat(21) } });
    expect(within(field('intro')).getByRole('alert').textContent).toMatch(/Máximo 20/);

    fireEvent.change(within(field('scheme')).getByRole('combobox'), { target: { value: 'dark' } });
    expect(onChange).toHaveBeenLastCalledWith('scheme', 'dark');
    fireEvent.change(within(field('shelf')).getByRole('combobox'), { target: { value: 'c1' } });
    expect(onChange).toHaveBeenLastCalledWith('shelf', 'c1');
    fireEvent.click(within(field('boxed')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith('boxed', true);
  });

  it('finds a product by search and uploads an image', async () => {
    const onChange = renderAll();
    fireEvent.change(within(field('featured')).getByRole('searchbox'), { target: { value: 'taza' } });
    fireEvent.click(await within(field('featured')).findByRole('button', { name: 'Taza taza' }));
    expect(onChange).toHaveBeenLastCalledWith('featured', 'p-42');

    const file = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    const input = field('logo').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('logo', '/media/m1.webp'));
  });
});
