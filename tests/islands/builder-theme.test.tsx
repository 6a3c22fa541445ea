// The builder's 'Theme settings' panel and per-breakpoint settings against a mocked theme API (msw): a colour is
// committed only when it is one, edits are part of the draft (auto-saved, undone), and a responsive setting's
// breakpoint switch edits `<id>@phone`.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Builder from '../../islands/builder/Builder.tsx';
import { themeApi } from '../../islands/builder/api.ts';
import { SettingsForm } from '../../islands/builder/SettingsForm.tsx';
import { stubRowRects, themeState } from './builder-fixtures.ts';

const API = '*/api/shops/demo-03';
const puts: Record<string, unknown>[] = [];
const server = setupServer(
  http.get(`${API}/admin/theme`, () => HttpResponse.json(themeState())),
  http.put(`${API}/admin/theme/draft`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    puts.push(body);
    const { version: _v, ...draft } = body;
    return HttpResponse.json({ draft, draft_version: Number(body.version ?? 0) + 1, warnings: [] });
  }),
  // Every edit is live (issue 27): published after its save.
  http.post(`${API}/admin/theme/publish`, () => HttpResponse.json({ theme_pack: '03', published: themeState().draft, published_at: null, warnings: [] })),
  http.get(`${API}/catalogues`, () => HttpResponse.json({ results: [], matches_estimated: 0 })),
  http.get(`${API}/products`, () => HttpResponse.json({ results: [], matches_estimated: 0 })),
);

let unstub = () => {};
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => { puts.length = 0; unstub = stubRowRects(); });
afterEach(() => { cleanup(); server.resetHandlers(); unstub(); vi.useRealTimers(); });
afterAll(() => server.close());

const lastTokens = () => (puts.at(-1) as { tokens?: Record<string, unknown> } | undefined)?.tokens;

describe('theme settings panel', () => {
  it('commits valid colours (normalised), refuses others in place, and undo takes a change back', async () => {
    render(<Builder slug="demo-03" base="/demo-03" shopName="Demo 03" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustes del tema' }));
    const panel = screen.getByTestId('theme-settings');
    const accent = within(panel).getByRole('textbox', { name: 'Acento' });

    fireEvent.change(accent, { target: { value: 'no es un color' } });
    expect(within(panel).getByRole('alert').textContent).toMatch(/Escribe un color/);
    fireEvent.change(accent, { target: { value: 'rgb(225, 29, 72)' } });
    expect(within(panel).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(lastTokens()).toEqual({ accent: '#e11d48' }), { timeout: 3000 });

    fireEvent.change(within(panel).getByLabelText('Letra de los títulos'), { target: { value: 'serif' } });
    fireEvent.change(within(panel).getByRole('slider', { name: 'Botones' }), { target: { value: '20' } });
    await waitFor(() => expect(lastTokens()).toEqual({ accent: '#e11d48', font_heading: 'serif', radius_button: 20 }), { timeout: 3000 });

    fireEvent.click(screen.getByRole('button', { name: /Deshacer/ }));
    expect((within(panel).getByRole('slider', { name: 'Botones' }) as HTMLInputElement).value).not.toBe('20');
    await waitFor(() => expect(lastTokens()).toEqual({ accent: '#e11d48', font_heading: 'serif' }), { timeout: 3000 });

    fireEvent.click(within(panel).getByRole('button', { name: 'Volver a los valores del tema' }));
    await waitFor(() => expect(lastTokens()).toEqual({}), { timeout: 3000 });
    expect((accent as HTMLInputElement).value).toBe('');
  }, 20_000);
});

describe('per-breakpoint settings in the form', () => {
  it('edits the chosen breakpoint\'s key and shows its default when it has none', () => {
    const onChange = vi.fn();
    const onDevice = vi.fn();
    const def = {
      type: 'products', name: 'Products', hydrate: 'idle', enabledOn: ['home'], unique: false, blocks: [],
      settings: [{ id: 'columns', type: 'range' as const, label: 'Columns', min: 1, max: 6, step: 1, default: 4, responsive: true, breakpointDefaults: { phone: 2, tablet: 3 } }],
    };
    const section = { id: 'products', type: 'products', disabled: false, settings: { columns: 5 }, blocks: [] };
    const props = { section, def, packDefaults: {}, onChange, serverFields: {}, api: themeApi('demo-03'), catalogues: [], onDevice };
    const { rerender } = render(<SettingsForm {...props} device="phone" />);
    const field = () => document.querySelector('[data-setting^="columns"]') as HTMLElement;
    expect(field().dataset.setting).toBe('columns@phone');
    expect(within(field()).getByText('Columns (Teléfono)')).toBeTruthy();
    expect((within(field()).getByRole('slider') as HTMLInputElement).value).toBe('2');
    fireEvent.change(within(field()).getByRole('spinbutton'), { target: { value: '1' } });
    expect(onChange).toHaveBeenLastCalledWith('columns@phone', 1);
    fireEvent.change(within(field()).getByRole('spinbutton'), { target: { value: '9' } });
    expect(within(field()).getByRole('alert').textContent).toMatch(/Máximo 6/);
    expect(onChange).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Tableta' }));
    expect(onDevice).toHaveBeenCalledWith('tablet');
    rerender(<SettingsForm {...props} device="desktop" />);
    expect(field().dataset.setting).toBe('columns');
    expect((within(field()).getByRole('slider') as HTMLInputElement).value).toBe('5');
  });
});
