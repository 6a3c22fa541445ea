// Add products / services / experiences (seed 001 §2 'Modals'): facets fill the filters, the debounced search and
// the filters make the query string, the sentinel loads the next page of 20, the toggle sends PUT / DELETE and a
// server error keeps the previous state with its message. IntersectionObserver mocked; timers faked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import AddItemsModal, { RESALE_PAGE_SIZE } from '../../islands/admin/AddItemsModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../islands/admin/infinite.tsx';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';

const item = (n: number, in_store = false) => ({
  id: `p${n}`, name: `Artículo ${n}`, type: 'product', photo: null, list_price: 12345, currency: 'MXN',
  supplier: { id: 's1', name: 'Proveedor Uno' }, tags: ['ropa'], in_store,
});
const SUPPLIER = '5f0c7a2e-0000-4000-8000-000000000001';
const searches: URLSearchParams[] = [];
const writes: string[] = [];
let total = 2;
let writeReply: () => Response = () => HttpResponse.json({});
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/resale/facets', ({ request }) => {
    expect(new URL(request.url).searchParams.get('type')).toBe('product');
    return HttpResponse.json({ suppliers: [{ id: SUPPLIER, name: 'Proveedor Uno' }], categories: ['ropa', 'hogar'] });
  }),
  http.get('http://localhost/api/shops/demo-03/admin/resale', ({ request }) => {
    const q = new URL(request.url).searchParams;
    searches.push(q);
    const offset = Number(q.get('offset')), limit = Number(q.get('limit'));
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => item(offset + i + 1));
    return HttpResponse.json({ results: rows, matches_estimated: total });
  }),
  http.put('http://localhost/api/shops/demo-03/admin/store-products/:id', ({ params }) => { writes.push(`PUT ${params.id}`); return writeReply(); }),
  http.delete('http://localhost/api/shops/demo-03/admin/store-products/:id', ({ params }) => { writes.push(`DELETE ${params.id}`); return writeReply(); }),
);

class FakeObserver {
  static all: FakeObserver[] = [];
  target: Element | null = null;
  live = true;
  constructor(readonly cb: IntersectionObserverCallback, readonly opts?: IntersectionObserverInit) { FakeObserver.all.push(this); }
  observe(el: Element) { this.target = el; }
  unobserve() {}
  disconnect() { this.live = false; }
  takeRecords() { return []; }
}
const observing = () => FakeObserver.all.filter((o) => o.live && o.target?.isConnected);
const scrollToEnd = () => {
  const [io] = observing();
  expect(io).toBeTruthy();
  act(() => io!.cb([{ isIntersecting: true, target: io!.target } as unknown as IntersectionObserverEntry], io as unknown as IntersectionObserver));
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  searches.length = 0; writes.length = 0; total = 2; FakeObserver.all = [];
  writeReply = () => HttpResponse.json({});
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); vi.unstubAllGlobals(); });
afterAll(() => server.close());

async function settle(ms = 0) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
const onChanged = vi.fn();
const onClose = vi.fn();
async function open() {
  onChanged.mockReset(); onClose.mockReset();
  render(<ToastProvider><AddItemsModal api={new AdminApi('demo-03', 'http://localhost')} type="product" onClose={onClose} onChanged={onChanged} /></ToastProvider>);
  await settle();
}
const rows = () => screen.queryAllByTestId('resale-row');
const last = () => Object.fromEntries(searches.at(-1)!);

describe('AddItemsModal', () => {
  it('titles by type, fills the filters from the facets and lists the first page of 20', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: L.addProducts })).toBeTruthy();
    const category = screen.getByLabelText(L.category) as HTMLSelectElement;
    expect([...category.options].map((o) => [o.value, o.text])).toEqual([['', L.allCategories], ['ropa', 'ropa'], ['hogar', 'hogar']]);
    const supplier = screen.getByLabelText(L.supplier) as HTMLSelectElement;
    expect([...supplier.options].map((o) => [o.value, o.text])).toEqual([['', L.allSuppliers], [SUPPLIER, 'Proveedor Uno']]);
    expect(last()).toEqual({ type: 'product', offset: '0', limit: String(RESALE_PAGE_SIZE) });
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('$123.45')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Proveedor Uno')).toBeTruthy();
    expect(screen.getByTestId('result-count').textContent).toBe('2 resultados');
  });

  it('searches after the debounce and filters by category and supplier', async () => {
    await open();
    fireEvent.change(screen.getByLabelText(L.search), { target: { value: 'cam' } });
    await settle(ADMIN_SEARCH_DEBOUNCE_MS - 50);
    expect(searches).toHaveLength(1);
    await settle(50);
    expect(last()).toEqual({ type: 'product', text: 'cam', offset: '0', limit: '20' });
    fireEvent.change(screen.getByLabelText(L.category), { target: { value: 'ropa' } });
    await settle();
    expect(last()).toEqual({ type: 'product', text: 'cam', category: 'ropa', offset: '0', limit: '20' });
    fireEvent.change(screen.getByLabelText(L.supplier), { target: { value: SUPPLIER } });
    await settle();
    expect(last()).toEqual({ type: 'product', text: 'cam', supplier: SUPPLIER, category: 'ropa', offset: '0', limit: '20' });
  });

  it('loads the next page when the sentinel scrolls into view, and stops at the end', async () => {
    total = 45;
    await open();
    expect(rows()).toHaveLength(20);
    expect(screen.getByTestId('result-count').textContent).toBe('45 resultados');
    scrollToEnd();
    expect(screen.getByText(L.loading)).toBeTruthy();
    await settle();
    expect(last()).toMatchObject({ offset: '20', limit: '20' });
    expect(rows()).toHaveLength(40);
    scrollToEnd();
    await settle();
    expect(last()).toMatchObject({ offset: '40' });
    expect(rows()).toHaveLength(45);
    expect(observing()).toEqual([]);
    expect(searches).toHaveLength(3);
  });

  it('toggles with PUT and DELETE and updates aria-pressed', async () => {
    await open();
    const btn = screen.getByRole('button', { name: `${L.add} Artículo 1` });
    expect(btn.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(btn);
    await settle();
    expect(writes).toEqual(['PUT p1']);
    expect(btn.getAttribute('aria-pressed')).toBe('true');
    expect(btn.textContent).toBe(L.remove);
    fireEvent.click(btn);
    await settle();
    expect(writes).toEqual(['PUT p1', 'DELETE p1']);
    expect(btn.getAttribute('aria-pressed')).toBe('false');
    expect(btn.textContent).toBe(L.add);
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it("a server error shows the server's message and keeps the previous state", async () => {
    writeReply = () => HttpResponse.json({ error: { code: 'conflict', message: 'El producto ya no está disponible', fields: {} } }, { status: 409 });
    await open();
    const btn = screen.getByRole('button', { name: `${L.add} Artículo 2` });
    fireEvent.click(btn);
    await settle();
    expect(writes).toEqual(['PUT p2']);
    expect(screen.getByText('El producto ya no está disponible')).toBeTruthy();
    expect(btn.getAttribute('aria-pressed')).toBe('false');
    expect(btn.textContent).toBe(L.add);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('closing waits for a toggle on its way, so the bar knows of the change first', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.add} Artículo 1` }));
    fireEvent.click(screen.getByRole('button', { name: L.close }));
    expect(onClose).not.toHaveBeenCalled();
    await settle();
    expect(writes).toEqual(['PUT p1']);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onChanged.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]!);
  });

  it('says so when nothing matches', async () => {
    total = 0;
    await open();
    expect(rows()).toHaveLength(0);
    expect(screen.getByText(L.noResults)).toBeTruthy();
    expect(observing()).toEqual([]);
  });
});
