// The builder island against a mocked admin theme API (msw): keyboard reordering saves a draft, the generated
// settings form refuses invalid values, and a refused publish shows the server's message at the right section.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Builder from '../../islands/builder/Builder.tsx';
import { themeApi } from '../../islands/builder/api.ts';
import { SettingsForm } from '../../islands/builder/SettingsForm.tsx';
import { stubRowRects, themeState } from './builder-fixtures.ts';

const API = '*/api/shops/demo-03';
const puts: { body: Record<string, unknown> }[] = [];
const publishes: unknown[] = [];
let publishReply: () => Response = () => HttpResponse.json({ theme_pack: '03', published: themeState().draft, published_at: null, warnings: [] });

const server = setupServer(
  http.get(`${API}/admin/theme`, () => HttpResponse.json(themeState())),
  http.put(`${API}/admin/theme/draft`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    puts.push({ body });
    const { version: _v, ...draft } = body;
    const warnings = body.pack === '04' ? [{ path: 'settings.logo_size', message: 'pack 04 has no setting "logo_size" (from pack 03); it is kept but not used' }] : [];
    return HttpResponse.json({ draft, draft_version: Number(body.version ?? 0) + 1, warnings });
  }),
  http.post(`${API}/admin/theme/publish`, async ({ request }) => { publishes.push(await request.json()); return publishReply(); }),
  http.get(`${API}/catalogues`, () => HttpResponse.json({ results: [{ id: 'c1', name: 'Novedades', slug: 'novedades' }], matches_estimated: 1 })),
  http.get(`${API}/products`, () => HttpResponse.json({ results: [{ id: 'p1', owner: 'o1', name: 'Taza' }], matches_estimated: 1 })),
);

let unstub = () => {};
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => { puts.length = 0; publishes.length = 0; unstub = stubRowRects(); });
afterEach(() => { cleanup(); server.resetHandlers(); unstub(); vi.useRealTimers(); });
afterAll(() => server.close());

const order = () => [...document.querySelectorAll('li.bf-row')].map((li) => li.getAttribute('data-section-id'));

async function renderBuilder() {
  render(<Builder slug="demo-03" base="/demo-03" shopName="Demo 03" />);
  await screen.findByRole('list', { name: /Secciones/ });
}

describe('builder island', () => {
  it('moves a section up by keyboard (space, arrow up, space) and saves the draft with the new order', async () => {
    await renderBuilder();
    expect(order()).toEqual(['carousel', 'catalogues', 'products']);
    const handle = screen.getByRole('button', { name: /Mover Products/ });
    handle.focus();
    await act(async () => { fireEvent.keyDown(handle, { key: ' ', code: 'Space' }); });
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    await act(async () => { fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' }); });
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    await act(async () => { fireEvent.keyDown(handle, { key: ' ', code: 'Space' }); });
    await waitFor(() => expect(order()).toEqual(['carousel', 'products', 'catalogues']));
    // Auto-saved after the debounce, with the version it started from.
    await waitFor(() => expect(puts.length).toBe(1), { timeout: 3000 });
    const saved = puts[0]!.body as { version: number; templates: { home: { sections: { id: string }[] } } };
    expect(saved.version).toBe(3);
    expect(saved.templates.home.sections.map((s) => s.id)).toEqual(['carousel', 'products', 'catalogues']);
    // One save model (issue 27): every edit is live, published right after its save, and the screen says so.
    await waitFor(() => expect(publishes).toEqual([{ version: 4 }]), { timeout: 3000 });
    await screen.findByText('Publicado');
    expect(screen.getByTestId('save-model').textContent).toBe('Cada cambio se publica en tu tienda al instante; Deshacer lo revierte.');
    expect(screen.queryByRole('button', { name: 'Publicar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar borrador' })).toBeNull();
    // Undo brings the old order back (and is saved again).
    fireEvent.click(screen.getByRole('button', { name: /Deshacer/ }));
    expect(order()).toEqual(['carousel', 'catalogues', 'products']);
    await waitFor(() => expect(puts.length).toBe(2), { timeout: 3000 });
    expect((puts[1]!.body as { version: number }).version).toBe(4);
    // Ctrl+Shift+Z redoes it.
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(order()).toEqual(['carousel', 'products', 'catalogues']);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(order()).toEqual(['carousel', 'catalogues', 'products']);
  });

  it('switches the pack in the draft and reports the settings the new pack does not know', async () => {
    await renderBuilder();
    fireEvent.change(screen.getByRole('combobox', { name: 'Tema' }), { target: { value: '04' } });
    await waitFor(() => expect(puts.length).toBe(1), { timeout: 3000 });
    expect(puts[0]!.body.pack).toBe('04');
    await waitFor(() => expect(publishes).toHaveLength(1), { timeout: 3000 });
    await screen.findByText(/pack 04 has no setting "logo_size"/);
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toMatch(/^\/demo-03\/\?preview=draft/);
  });

  it('shows the server\'s publish message beside the right section and setting', async () => {
    publishReply = () => HttpResponse.json({ error: { code: 'validation_error', message: 'The theme cannot be published: fix the fields listed',
      fields: { 'templates.home.sections[2].settings.columns': ['Too big: expected number to be <=6'] } } }, { status: 400 });
    await renderBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ahora' }));
    await screen.findByText(/No se publicó/);
    const row = document.querySelector('li[data-section-id="products"]')!;
    expect(row.className).toContain('has-error');
    expect(document.querySelector('li[data-section-id="catalogues"]')!.className).not.toContain('has-error');
    // The products section is opened and the message sits at its "columns" field.
    const form = await screen.findByRole('form', { name: /Ajustes: Products/ });
    const field = form.querySelector('[data-setting="columns"]') as HTMLElement;
    expect(within(field).getByRole('alert').textContent).toContain('Too big: expected number to be <=6');
  });
});

describe('generated settings form', () => {
  const def = {
    ...themeState().section_types[2]!,
    settings: [
      { id: 'title', type: 'text' as const, label: 'Title', required: true, maxLength: 10 },
      { id: 'columns', type: 'range' as const, label: 'Columns on desktop', min: 2, max: 6, step: 1, default: 4 },
      { id: 'style', type: 'select' as const, label: 'Style', default: 'cards', options: [{ value: 'cards', label: 'Cards' }, { value: 'chips', label: 'Chips' }] },
      { id: 'chip_color', type: 'color' as const, label: 'Chip colour', visibleIf: { setting: 'style', equals: 'chips' } },
    ],
  };
  const section = { id: 'products', type: 'products', disabled: false, settings: { title: 'Hola', columns: 4 }, blocks: [] };

  function renderForm(settings: Record<string, string | number | boolean | null> = section.settings) {
    const onChange = vi.fn();
    const utils = render(<SettingsForm section={{ ...section, settings }} def={def} packDefaults={{}} onChange={onChange} serverFields={{}} api={themeApi('demo-03')} catalogues={[]} />);
    return { onChange, ...utils };
  }

  it('refuses a range value beyond max and accepts one within', () => {
    const { onChange } = renderForm();
    const num = screen.getByRole('spinbutton', { name: /Columns on desktop/ });
    fireEvent.change(num, { target: { value: '9' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Máximo 6/);
    expect(num.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(num, { target: { value: '5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenCalledWith('columns', 5);
  });

  it('requires a required text and limits its length', () => {
    const { onChange } = renderForm();
    const title = screen.getByRole('textbox', { name: /Title/ });
    fireEvent.change(title, { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Obligatorio/);
    fireEvent.change(title, { target: { value: 'x'.repeat(11) } });
    expect(screen.getByRole('alert').textContent).toMatch(/Máximo 10/);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(title, { target: { value: 'Ofertas' } });
    expect(onChange).toHaveBeenCalledWith('title', 'Ofertas');
  });

  it('shows a setting only when its visibleIf condition holds', () => {
    renderForm();
    expect(screen.queryByText('Chip colour')).toBeNull();
    cleanup();
    renderForm({ ...section.settings, style: 'chips' });
    expect(screen.getByText('Chip colour')).toBeTruthy();
  });
});
