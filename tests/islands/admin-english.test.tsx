// One language per page for admins (issue 10): the admin tools and the theme builder, given the English texts the
// way their pages give them (adminLabelsFor / builderLabelsFor with the request's translator) and the section types
// as the theme API answers them in English, show English only: no Spanish word and no raw code.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import AdminBar from '../../islands/admin/AdminBar.tsx';
import { adminLabelsFor } from '../../islands/admin/labels.ts';
import Builder from '../../islands/builder/Builder.tsx';
import { builderLabelsFor } from '../../islands/builder/labels.ts';
import { themeLabelsFor } from '../../islands/builder/theme-labels.ts';
import { getT } from '../../src/lib/i18n/index.ts';
import { localisedSectionType, SECTION_TYPES } from '../../src/themes/sections.ts';
import { stubRowRects, themeState } from './builder-fixtures.ts';

const en = getT('en');
const API = '*/api/shops/demo-03';
const header = {
  id: 'h1', title: 'Sale', subtitle: null, description: null, action_type: 'none', url: null, button_label: null, product: null, product_name: null,
  product_supplier: null, target: 'all', active: false, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const englishTypes = () => [...SECTION_TYPES.values()].map((d) => localisedSectionType(d, en))
  .map((d) => ({ type: d.type, name: d.name, hydrate: d.hydrate, enabledOn: d.enabledOn, unique: d.unique ?? false, settings: d.settings, blocks: d.blocks }));

const server = setupServer(
  http.get(`${API}/admin/theme`, () => HttpResponse.json({ ...themeState(), section_types: englishTypes() })),
  http.get(`${API}/catalogues`, () => HttpResponse.json({ results: [], matches_estimated: 0 })),
  http.get(`${API}/products`, () => HttpResponse.json({ results: [], matches_estimated: 0 })),
  http.get(`${API}/admin/headers`, () => HttpResponse.json({ results: [header], matches_estimated: 1 })),
);
let unstub = () => {};
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => { unstub = stubRowRects(); });
afterEach(() => { cleanup(); server.resetHandlers(); unstub(); });
afterAll(() => server.close());

/** Words of the Spanish interface (and raw codes) that an English page must not show. */
const FOREIGN = [
  'Guardar', 'Publicar', 'Secciones', 'Plantilla', 'Tema', 'Escritorio', 'Teléfono', 'Título', 'Productos', 'Catálogos', 'Deshacer',
  'Rehacer', 'Ajustes', 'Vista previa', 'Añadir', 'Mostrar', 'Ocultar', 'Quitar', 'Borrador', 'Elementos', 'Columnas', 'Cerrar',
  'Compartir', 'Encabezado', 'Carrusel', 'Configuración', 'Editor visual', 'Redes sociales', 'Audiencia', 'Todos', 'Ninguna', 'Agregar',
  'Éxito', 'Exito', 'Mis catálogos', 'Tableta', 'Letra', 'Bordes', 'Acento', '(pack)', '(template)', 'signupnow', 'action_', 'target_', 'sections.', 'builder.',
];
/** Everything a person reads or hears: text, labels, titles, placeholders, option texts. */
function readable(root: HTMLElement): string {
  const attrs = [...root.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''));
  return [root.textContent ?? '', ...attrs].join('\n');
}
const foreignIn = (text: string) => FOREIGN.filter((w) => text.includes(w));

describe('admin islands in English', () => {
  it('the theme builder shows its toolbar, section names, setting names and default titles in English', async () => {
    const { container } = render(<Builder slug="demo-03" base="/demo-03" shopName="Demo 03" labels={builderLabelsFor(en)} themeLabels={themeLabelsFor(en)} />);
    const list = await screen.findByRole('list', { name: 'Sections' });
    expect(screen.getByText('Theme editor')).toBeTruthy();
    for (const name of ['Undo', 'Redo', 'Save now', 'Desktop', 'Tablet', 'Phone', 'Theme settings']) expect(screen.getByRole('button', { name: new RegExp(name) })).toBeTruthy();
    expect(screen.getByText('Every change goes live on your shop at once; Undo takes it back.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Template' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Theme' })).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: 'Template' })).getByRole('option', { name: 'Home' })).toBeTruthy();
    expect(within(list).getByText('Header carousel')).toBeTruthy();
    expect(within(list).getByText('Catalogues')).toBeTruthy();

    fireEvent.click(within(list).getByText('Products'));
    const form = screen.getByRole('form', { name: 'Settings: Products' });
    const title = within(form).getByLabelText('Title') as HTMLInputElement;
    expect(title.placeholder).toBe('Products'); // the default title, in English
    expect(within(form).getByLabelText('Items shown')).toBeTruthy();
    // Columns vary per breakpoint: the form edits the one the preview shows (desktop first).
    expect(within(form).getByLabelText('Columns (Desktop)')).toBeTruthy();
    expect(within(form).getByText('Show the sort selector')).toBeTruthy();

    fireEvent.change(title, { target: { value: 'x'.repeat(61) } });
    expect(within(form).getByRole('alert').textContent).toBe('At most 60 characters');
    expect(foreignIn(readable(container))).toEqual([]);
    // The theme settings panel too.
    fireEvent.click(screen.getByRole('button', { name: 'Theme settings' }));
    const panel = screen.getByTestId('theme-settings');
    expect(within(panel).getByText('Rounded corners')).toBeTruthy();
    expect(within(panel).getAllByRole('option', { name: 'Monospace' })).toHaveLength(2);
    expect(foreignIn(readable(container))).toEqual([]);
  });

  it('a refused publish is explained in English beside the setting, not in the server\'s words', async () => {
    const state = themeState();
    state.draft.templates.home!.sections[2]!.settings = { columns: 9 };
    server.use(
      http.get(`${API}/admin/theme`, () => HttpResponse.json({ ...state, section_types: englishTypes() })),
      http.post(`${API}/admin/theme/publish`, () => HttpResponse.json({ error: { code: 'validation_error', message: 'The theme cannot be published: fix the fields listed',
        fields: { 'templates.home.sections[2].settings.columns': ['Too big: expected number to be <=6'] } } }, { status: 400 })),
    );
    render(<Builder slug="demo-03" base="/demo-03" shopName="Demo 03" labels={builderLabelsFor(en)} themeLabels={themeLabelsFor(en)} />);
    await screen.findByRole('list', { name: 'Sections' });
    fireEvent.click(screen.getByRole('button', { name: 'Save now' }));
    const form = await screen.findByRole('form', { name: 'Settings: Products' });
    expect(document.querySelector('.bf-status')!.textContent).toBe('Not published: fix the marked fields.');
    expect(within(form.querySelector('[data-setting="columns"]') as HTMLElement).getByRole('alert').textContent).toBe('At most 6');
  });

  it('the admin bar and the header editor show English words for every choice, no codes', async () => {
    const { container } = render(<AdminBar shop={{ slug: 'demo-03', name: 'Demo 03', photo: null, color1: '#112233', color2: '#445566', columns: 2, socials: {}, presets: [] }}
      base="/demo-03" labels={adminLabelsFor(en)} locale="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the admin menu' }));
    for (const name of ['Share shop', 'Background colour', 'Headers', 'Carousel', 'My catalogues', 'Social links']) expect(screen.getByRole('button', { name: new RegExp(name) })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Settings/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Visual editor/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Headers/ }));
    await screen.findByText('Sale');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add header' });
    const options = (label: string) => [...(within(dialog).getByLabelText(label) as HTMLSelectElement).options].map((o) => o.text);
    expect(options('Audience')).toEqual(['Everyone', 'Anonymous', 'Registered', 'Entrepreneurs without a shop', 'Entrepreneurs with a shop']);
    expect(options('Button action')).toEqual(['None', 'Link', 'Product', 'Sign-up']);
    expect(foreignIn(readable(container))).toEqual([]);
  });
});
