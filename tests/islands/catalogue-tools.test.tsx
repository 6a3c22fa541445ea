// Catalogue tools (issue 13; seed 001 §4, §8, §9): removal waits 5 s and is cancelled by the card's or the toast's
// undo, then the card goes and the count drops by one; a move shows the blocking overlay, then the success
// message and reloads the list after 8 s; a 400 updating_position_error is the 'try later' warning; 'add all'
// shows the adding state for 3.5 s, then reloads. Network by msw, timers faked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import OrganiseModal from '../../islands/catalogue-tools/OrganiseModal.tsx';
import AddProductsModal from '../../islands/catalogue-tools/AddProductsModal.tsx';
import { defaultToolLabels as L, fmt } from '../../islands/catalogue-tools/labels.ts';
import { AdminApi } from '../../islands/admin/api.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';
import { ADD_BY_FILTER_WAIT_MS, POSITION_REFRESH_MS, REMOVAL_UNDO_MS, SEARCH_DEBOUNCE_MS } from '../../src/domain/catalogue-tools/schema.ts';

const BASE = 'http://localhost/api/shops/demo-03/admin/catalogues/c1';
const catalogue = { id: 'c1', name: 'Novedades', slug: 'novedades', photo: null, num_products: 3 };
const item = (i: number, name: string) => ({ product_id: `p${i}`, name, photo: null, queue_position: i, list_price: 10000, currency: 'MXN', visible: true });
let list = [item(0, 'Playera'), item(1, 'Taza'), item(2, 'Sombrero')];
const calls: string[] = [];
let moveReply: () => Response = () => HttpResponse.json({ catalogue_id: 'c1', product_id: 'p2', queue_position: 0 });
const server = setupServer(
  http.get(`${BASE}/items`, () => { calls.push('GET items'); return HttpResponse.json({ results: list, matches_estimated: list.length }); }),
  http.delete(`${BASE}/products/:pid`, ({ params }) => { calls.push(`DELETE ${String(params.pid)}`); return HttpResponse.json({ catalogue_id: 'c1', product_id: params.pid, removed: true }); }),
  http.post(`${BASE}/products/move`, async ({ request }) => { calls.push(`MOVE ${JSON.stringify(await request.json())}`); return moveReply(); }),
  http.get('http://localhost/api/shops/demo-03/admin/resale/facets', () => HttpResponse.json({ suppliers: [{ id: 's1', name: 'Textiles' }], categories: ['ropa'] })),
  http.get(`${BASE}/candidates`, ({ request }) => {
    calls.push(`GET candidates ${new URL(request.url).search}`);
    return HttpResponse.json({ results: [{ id: 'x1', name: 'Gorra', type: 'product', photo: null, list_price: 5000, currency: 'MXN', supplier: { id: 's1', name: 'Textiles' }, in_store: false, in_catalogue: false }], matches_estimated: 1 });
  }),
  http.post(`${BASE}/products/by-filter`, async ({ request }) => { calls.push(`BY-FILTER ${JSON.stringify(await request.json())}`); return HttpResponse.json({ catalogue_id: 'c1', added: 2, added_to_store: 1, num_products: 10, added_ids: ['a1', 'a2'], added_to_store_ids: ['a2'] }); }),
  http.post(`${BASE}/products/by-filter/undo`, async ({ request }) => { calls.push(`UNDO ${JSON.stringify(await request.json())}`); return HttpResponse.json({ catalogue_id: 'c1', removed: 2, removed_from_store: 1, num_products: 8 }); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  list = [item(0, 'Playera'), item(1, 'Taza'), item(2, 'Sombrero')];
  moveReply = () => HttpResponse.json({ catalogue_id: 'c1', product_id: 'p2', queue_position: 0 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => server.close());

async function settle(ms = 0) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
const api = () => new AdminApi('demo-03', 'http://localhost');
async function organise() {
  const onClose = vi.fn();
  render(<ToastProvider><OrganiseModal api={api()} labels={L} catalogue={catalogue} onClose={onClose} /></ToastProvider>);
  await settle();
  expect(screen.getAllByTestId('catalogue-item')).toHaveLength(3);
  expect(screen.getByTestId('organise-count').textContent).toBe('3 productos');
  return onClose;
}

describe('removing a product from a catalogue', () => {
  it("undo on the card within 5 s keeps it and sends nothing", async () => {
    await organise();
    fireEvent.click(screen.getByRole('button', { name: `${L.remove} Taza` }));
    expect(screen.getByText(fmt(L.willRemove, { name: 'Taza' }))).toBeTruthy();
    await settle(REMOVAL_UNDO_MS - 100);
    fireEvent.click(screen.getByRole('button', { name: `${L.undo} Taza` }));
    await settle(REMOVAL_UNDO_MS);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    expect(screen.getAllByTestId('catalogue-item')).toHaveLength(3);
    expect(screen.getByTestId('organise-count').textContent).toBe('3 productos');
  });

  it("the warning toast's undo cancels it too", async () => {
    await organise();
    fireEvent.click(screen.getByRole('button', { name: `${L.remove} Playera` }));
    const toast = screen.getByText(fmt(L.willRemove, { name: 'Playera' })).closest('[data-testid="toast"]') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: L.undo }));
    await settle(REMOVAL_UNDO_MS + 10);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    expect(screen.getByRole('button', { name: `${L.remove} Playera` })).toBeTruthy();
  });

  it('after 5 s sends DELETE, the card disappears and the count drops by one', async () => {
    const onClose = await organise();
    fireEvent.click(screen.getByRole('button', { name: `${L.remove} Taza` }));
    await settle(REMOVAL_UNDO_MS - 1);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    await settle(1);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE p1']);
    expect(screen.queryByText('Taza')).toBeNull();
    expect(screen.getByTestId('organise-count').textContent).toBe('2 productos');
    // The positions after it close up (zero-based).
    expect((screen.getByLabelText(fmt(L.positionOf, { name: 'Sombrero' })) as HTMLInputElement).value).toBe('1');
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: L.close })[0]!);
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

describe('changing a position', () => {
  it('blocks with the overlay, says it worked, and reloads the list 8 s later', async () => {
    await organise();
    const input = screen.getByLabelText(fmt(L.positionOf, { name: 'Sombrero' })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByTestId('position-overlay').textContent).toContain(L.updatingPosition);
    await settle();
    expect(calls).toContain('MOVE {"product_id":"p2","queue_position":0}');
    expect(screen.getByTestId('position-overlay').textContent).toContain(L.positionUpdated);
    const loads = calls.filter((c) => c === 'GET items').length;
    list = [item(0, 'Sombrero'), item(1, 'Playera'), item(2, 'Taza')];
    await settle(POSITION_REFRESH_MS - 10);
    expect(screen.getByTestId('position-overlay')).toBeTruthy();
    await settle(10);
    expect(screen.queryByTestId('position-overlay')).toBeNull();
    expect(calls.filter((c) => c === 'GET items').length).toBe(loads + 1);
    expect(screen.getAllByTestId('catalogue-item')[0]!.textContent).toContain('Sombrero');
  });

  it("a 400 updating_position_error is the 'try later' warning and clears the overlay", async () => {
    moveReply = () => HttpResponse.json({ error: { code: 'updating_position_error', message: 'later' } }, { status: 400 });
    await organise();
    const input = screen.getByLabelText(fmt(L.positionOf, { name: 'Taza' })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.submit(input.closest('form')!);
    await settle();
    expect(screen.getByText(L.positionTryLater)).toBeTruthy();
    expect(screen.queryByTestId('position-overlay')).toBeNull();
  });

  it('another failure is the generic location error', async () => {
    moveReply = () => HttpResponse.json({ error: { code: 'not_found', message: 'gone' } }, { status: 404 });
    await organise();
    const input = screen.getByLabelText(fmt(L.positionOf, { name: 'Taza' })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.submit(input.closest('form')!);
    await settle();
    expect(screen.getByText(L.positionError)).toBeTruthy();
    expect(screen.queryByText(L.positionTryLater)).toBeNull();
  });

  it('dropping a dragged card on another moves it to that position', async () => {
    await organise();
    const cards = screen.getAllByTestId('catalogue-item');
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(cards[0]!, { dataTransfer });
    fireEvent.dragOver(cards[2]!, { dataTransfer });
    fireEvent.drop(cards[2]!, { dataTransfer });
    await settle();
    expect(calls).toContain('MOVE {"product_id":"p0","queue_position":2}');
  });
});

describe('add products', () => {
  it('searches after 400 ms; add all asks with the count, adds after the 3.5 s state, undoes the whole batch', async () => {
    const reload = vi.fn();
    render(<ToastProvider><AddProductsModal api={api()} labels={L} catalogue={catalogue} onClose={() => {}} reload={reload} /></ToastProvider>);
    await settle();
    fireEvent.change(screen.getByLabelText(L.search), { target: { value: 'gorra' } });
    await settle(SEARCH_DEBOUNCE_MS - 50);
    expect(calls.some((c) => c.includes('text=gorra'))).toBe(false);
    await settle(50);
    expect(calls.some((c) => c.includes('text=gorra') && c.includes('limit=10'))).toBe(true);
    // Issue 26: it asks first, with the count; cancelling sends nothing.
    fireEvent.click(screen.getByTestId('add-all'));
    expect(screen.getByTestId('add-all-confirm').textContent).toContain('¿Agregar');
    fireEvent.click(screen.getByRole('button', { name: L.cancel }));
    await settle();
    expect(calls.some((c) => c.startsWith('BY-FILTER'))).toBe(false);
    fireEvent.click(screen.getByTestId('add-all'));
    fireEvent.click(screen.getByRole('button', { name: /^Sí, agregar/ }));
    await settle();
    expect(calls).toContain('BY-FILTER {"type":"product","text":"gorra"}');
    expect(screen.getByText(L.adding)).toBeTruthy();
    await settle(ADD_BY_FILTER_WAIT_MS);
    expect(screen.getByTestId('add-all-done').textContent).toContain('Se agregaron 2 productos (1 nuevos en tu tienda).');
    fireEvent.click(screen.getByRole('button', { name: L.undoAll }));
    await settle();
    expect(calls).toContain('UNDO {"added_ids":["a1","a2"],"added_to_store_ids":["a2"]}');
    expect(screen.getByTestId('add-all-done').textContent).toContain('Se quitaron los 2 productos agregados');
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: L.seeCatalogue }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('an empty filter says it adds everything, and sends all: true', async () => {
    render(<ToastProvider><AddProductsModal api={api()} labels={L} catalogue={catalogue} onClose={() => {}} reload={() => {}} /></ToastProvider>);
    await settle();
    fireEvent.click(screen.getByTestId('add-all'));
    expect(screen.getByTestId('add-all-confirm').textContent).toMatch(/^Sin filtro: se agregarán todos los artículos que puedes revender \(\d+\)/);
    fireEvent.click(screen.getByRole('button', { name: /^Sí, agregar/ }));
    await settle();
    expect(calls).toContain('BY-FILTER {"type":"product","all":true}');
  });
});
