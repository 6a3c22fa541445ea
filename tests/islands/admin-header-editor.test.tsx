// The header editor modal (seed 000 §2, §4, §5, §8): validation messages, the spec's toasts, the server's message
// on failure and the generic one on delete failure. Network answered by msw.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import HeaderEditor from '../../islands/admin/HeaderEditor.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';

const header = (id: string, title: string) => ({
  id, title, subtitle: null, description: null, action_type: 'none', url: null, button_label: null, product: null, product_name: null,
  product_supplier: null, target: 'all', active: false, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const posts: unknown[] = [];
const patches: unknown[] = [];
const applies: { id: string; body: unknown }[] = [];
let list = () => [header('h1', 'Rebajas')];
let postReply: () => Response = () => HttpResponse.json(header('h2', 'Nuevo'), { status: 201 });
let deleteReply: () => Response = () => HttpResponse.json({ id: 'h1', deleted: true });
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/headers', () => HttpResponse.json({ results: list(), matches_estimated: list().length })),
  http.patch('http://localhost/api/shops/demo-03/admin/headers/:id', async ({ request }) => { patches.push(await request.json()); return HttpResponse.json(header('h1', 'Rebajas')); }),
  http.post('http://localhost/api/shops/demo-03/admin/headers/:id/apply', async ({ request, params }) => { applies.push({ id: String(params.id), body: await request.json() }); return HttpResponse.json(header('h1', 'Rebajas')); }),
  http.post('http://localhost/api/shops/demo-03/admin/headers', async ({ request }) => { posts.push(await request.json()); return postReply(); }),
  http.delete('http://localhost/api/shops/demo-03/admin/headers/:id', () => deleteReply()),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => { posts.length = 0; patches.length = 0; applies.length = 0; list = () => [header('h1', 'Rebajas')]; postReply = () => HttpResponse.json(header('h2', 'Nuevo'), { status: 201 }); deleteReply = () => HttpResponse.json({ id: 'h1', deleted: true }); });
afterEach(() => { cleanup(); server.resetHandlers(); });
afterAll(() => server.close());

function setup() {
  const api = new AdminApi('demo-03', 'http://localhost');
  let closed = 0;
  render(<ToastProvider><HeaderEditor api={api} onClose={() => { closed++; }} /></ToastProvider>);
  return { closed: () => closed };
}
async function openForm() {
  await screen.findByText('Rebajas');
  fireEvent.click(screen.getByRole('button', { name: L.add }));
  return screen.findByRole('dialog', { name: L.addTitle });
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('HeaderEditor', () => {
  it('starts on the list, titled with the SetUpSiteHeader text', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Configurar el encabezado del sitio' })).toBeTruthy();
    expect(await screen.findByText('Rebajas')).toBeTruthy();
  });

  it('refuses a 31-character title and an empty one', async () => {
    setup();
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.invalidField)).toBeTruthy();
    fireEvent.change(field(L.title), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText('Máximo 30 caracteres')).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('requires the url for action url and the button label unless none; hides the options for none', async () => {
    setup();
    await openForm();
    expect(screen.queryByLabelText(L.buttonLabel)).toBeNull();
    fireEvent.change(field(L.title), { target: { value: 'Hola' } });
    fireEvent.change(field(L.actionType), { target: { value: 'url' } });
    await screen.findByLabelText(L.url);
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(field(L.url).getAttribute('aria-invalid')).toBe('true'));
    expect(field(L.buttonLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(L.invalidField)).toHaveLength(2);
    fireEvent.change(field(L.actionType), { target: { value: 'signup' } });
    await waitFor(() => expect(screen.queryByLabelText(L.url)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(screen.getAllByText(L.invalidField)).toHaveLength(1));
    expect(posts).toHaveLength(0);
  });

  it('creates a header: nulls for empty fields, the created toast, back to the list', async () => {
    setup();
    await openForm();
    fireEvent.change(field(L.title), { target: { value: 'Nuevo' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText('Se creó el header correctamente')).toBeTruthy();
    // Saving makes it the shop's header (seed 000 §4): apply is sent with it.
    expect(posts[0]).toEqual({ title: 'Nuevo', subtitle: null, description: null, action_type: 'none', target: 'all', url: null, button_label: null, product: null, apply: true });
    expect(await screen.findByRole('dialog', { name: 'Configurar el encabezado del sitio' })).toBeTruthy();
  });

  it("shows the server's message on failure, else the generic one", async () => {
    postReply = () => HttpResponse.json({ error: { code: 'validation_error', message: 'El producto no existe' } }, { status: 400 });
    setup();
    await openForm();
    fireEvent.change(field(L.title), { target: { value: 'Nuevo' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText('El producto no existe')).toBeTruthy();
    postReply = () => new HttpResponse('boom', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText('Ocurrió un error')).toBeTruthy();
  });

  it('deletes with the deleted toast; a failed delete always shows the generic message', async () => {
    setup();
    await screen.findByText('Rebajas');
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} Rebajas` }));
    expect(await screen.findByText('Se borró el header correctamente')).toBeTruthy();
    deleteReply = () => HttpResponse.json({ error: { code: 'not_found', message: 'Header not found' } }, { status: 404 });
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} Rebajas` }));
    expect(await screen.findByText('Ocurrió un error')).toBeTruthy();
    expect(screen.queryByText('Header not found')).toBeNull();
  });

  it('the edit form is titled as an edit; saving sends apply and returns to the list', async () => {
    setup();
    await screen.findByText('Rebajas');
    fireEvent.click(screen.getByRole('button', { name: `${L.edit} Rebajas` }));
    await screen.findByRole('dialog', { name: L.editHeaderTitle });
    expect(screen.queryByRole('dialog', { name: L.addTitle })).toBeNull();
    fireEvent.change(field(L.title), { target: { value: 'Rebajas de invierno' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText('Se actualizó el header correctamente')).toBeTruthy();
    expect(patches[0]).toMatchObject({ title: 'Rebajas de invierno', apply: true });
    expect(await screen.findByRole('dialog', { name: 'Configurar el encabezado del sitio' })).toBeTruthy();
  });

  it("the shop's header is marked and can be taken off; 'Aplicar' is offered only for the others", async () => {
    list = () => [{ ...header('h1', 'Rebajas'), active: true }, header('h3', 'Verano')];
    setup();
    await screen.findByText('Rebajas');
    expect(screen.getByText(L.headerInShop)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${L.apply} Rebajas` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `${L.apply} Verano` }));
    expect(await screen.findByText(L.headerApplied)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${L.headerUnapply}: Rebajas` }));
    expect(await screen.findByText(L.headerUnapplied)).toBeTruthy();
    expect(applies).toEqual([{ id: 'h3', body: { active: true } }, { id: 'h1', body: { active: false } }]);
  });

  it('Escape closes the modal', async () => {
    const s = setup();
    await screen.findByText('Rebajas');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(s.closed()).toBe(1);
  });
});
