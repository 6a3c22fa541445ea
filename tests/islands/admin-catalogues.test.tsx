// My catalogues (seed 000 §4, §8, §9): delete with the 'Deleting' state and a 5 s undo; expiry sends DELETE and
// decrements the count; a failure restores the row with the 'not deleted' toast. Timers faked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import CataloguesModal from '../../islands/admin/CataloguesModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider, UNDO_DELAY_MS } from '../../islands/admin/ui.tsx';

const cat = (id: string, name: string) => ({ id, name, slug: id, photo: null, icon_class: null, num_products: 3, updated_at: '2026-01-01T00:00:00Z' });
const deletes: string[] = [];
let deleteReply: () => Response = () => HttpResponse.json({ id: 'c1', deleted: true, removed_products: 3 });
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/catalogues', () => HttpResponse.json({ results: [cat('c1', 'Novedades'), cat('c2', 'Ofertas')], matches_estimated: 2 })),
  http.delete('http://localhost/api/shops/demo-03/admin/catalogues/:id', ({ params }) => { deletes.push(String(params.id)); return deleteReply(); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  deletes.length = 0;
  deleteReply = () => HttpResponse.json({ id: 'c1', deleted: true, removed_products: 3 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => server.close());

async function settle(ms = 0) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
async function open() {
  render(<ToastProvider><CataloguesModal api={new AdminApi('demo-03', 'http://localhost')} onClose={() => {}} /></ToastProvider>);
  await settle();
  expect(screen.getByText('Novedades')).toBeTruthy();
  expect(screen.getByTestId('catalogue-count').textContent).toBe('2 catálogos');
}

describe('CataloguesModal', () => {
  it('undo during the 5 s keeps the row and sends no DELETE', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} Novedades` }));
    expect(screen.getByText(/Eliminando/)).toBeTruthy();
    await settle(UNDO_DELAY_MS - 100);
    fireEvent.click(screen.getByRole('button', { name: L.undo }));
    await settle(UNDO_DELAY_MS);
    expect(deletes).toEqual([]);
    expect(screen.getByText('Novedades')).toBeTruthy();
    expect(screen.queryByText(/Eliminando/)).toBeNull();
    expect(screen.getByTestId('catalogue-count').textContent).toBe('2 catálogos');
  });

  it('on expiry sends DELETE, removes the row and decrements the count', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} Novedades` }));
    await settle(UNDO_DELAY_MS - 1);
    expect(deletes).toEqual([]);
    await settle(1);
    expect(deletes).toEqual(['c1']);
    expect(screen.queryByText('Novedades')).toBeNull();
    expect(screen.getByTestId('catalogue-count').textContent).toBe('1 catálogos');
    expect(screen.getByText(L.catalogueDeleted)).toBeTruthy();
  });

  it("a failed DELETE restores the row with the 'not deleted' toast", async () => {
    deleteReply = () => HttpResponse.json({ error: { code: 'conflict', message: 'no' } }, { status: 409 });
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} Novedades` }));
    await settle(UNDO_DELAY_MS);
    expect(deletes).toEqual(['c1']);
    expect(screen.getByText(L.notDeleted)).toBeTruthy();
    expect(screen.getByText('Novedades')).toBeTruthy();
    expect(screen.getByRole('button', { name: `${L.delete} Novedades` })).toBeTruthy();
    expect(screen.getByTestId('catalogue-count').textContent).toBe('2 catálogos');
  });

  it('renames inline with save and cancel', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.rename} Ofertas` }));
    expect((screen.getByLabelText(L.name) as HTMLInputElement).value).toBe('Ofertas');
    fireEvent.click(screen.getByRole('button', { name: L.cancel }));
    expect(screen.queryByLabelText(L.name)).toBeNull();
    expect(screen.getByText('Ofertas')).toBeTruthy();
  });
});
