// The store menu's 'Productos +' window (seed 001 §2 'Modals'; issue 26: the resale workspace's list and rules):
// facets fill the filters, sorted by margin by default, the 400 ms search and the filters make the query string,
// the sentinel loads the next page of 10, rows show the earning, add sends PUT, remove waits 5 s for its undo
// before the DELETE. IntersectionObserver mocked; timers faked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import AddItemsModal, { RESALE_PAGE_SIZE } from '../../islands/admin/AddItemsModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { RESALE_REMOVAL_UNDO_MS, RESALE_SEARCH_DEBOUNCE_MS } from '../../src/domain/resale/schema.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';
import { resaleListLabels } from '../../islands/resale/labels.ts';
import es from '../../src/locales/es.json';

const item = (n: number, in_store = false) => ({
  id: `p${n}`, owner: 'o1', name: `Artículo ${n}`, type: 'product', photo: null, list_price: 12345, currency: 'MXN',
  supplier: { id: 's1', name: 'Proveedor Uno' }, tags: ['ropa'], in_store, contribution_margin: 4000 - n, earning: 2000 - n,
  resellable: true, is_dropshipping: true, faded: false,
});
const RES = es.resale as Record<string, string>;
const LL = resaleListLabels((k, vars) => RES[k.slice('resale.'.length)]!.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars?.[v] ?? ''));
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
  http.get('http://localhost/api/shops/demo-03/admin/catalogues', () => HttpResponse.json({ results: [{ id: 'c1', name: 'Novedades' }], matches_estimated: 1 })),
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
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
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
  render(<ToastProvider><AddItemsModal api={new AdminApi('demo-03', 'http://localhost')} listLabels={LL} base="/demo-03" type="product" onClose={onClose} onChanged={onChanged} /></ToastProvider>);
  await settle();
}
const rows = () => screen.queryAllByTestId('resale-row');
const last = () => Object.fromEntries(searches.at(-1)!);

describe('AddItemsModal', () => {
  it('titles by type, fills the filters from the facets and lists the first page of 10 by margin, with earnings', async () => {
    await open();
    expect(RESALE_PAGE_SIZE).toBe(10);
    expect(screen.getByRole('dialog', { name: L.addProducts })).toBeTruthy();
    const category = screen.getByLabelText(L.category) as HTMLSelectElement;
    expect([...category.options].map((o) => [o.value, o.text])).toEqual([['', L.allCategories], ['ropa', 'ropa'], ['hogar', 'hogar']]);
    const supplier = screen.getByLabelText(L.supplier) as HTMLSelectElement;
    expect([...supplier.options].map((o) => [o.value, o.text])).toEqual([['', L.allSuppliers], [SUPPLIER, 'Proveedor Uno']]);
    expect((screen.getByLabelText(RES.sort!) as HTMLSelectElement).value).toBe('-contribution_margin');
    expect(last()).toEqual({ type: 'product', sort: '-contribution_margin', offset: '0', limit: '10' });
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('$123.45')).toBeTruthy();
    expect(within(rows()[0]!).getByText('de Proveedor Uno')).toBeTruthy();
    expect(rows()[0]!.querySelector('.rs-earning')!.textContent).toBe('Ganas $19.99 por venta');
    expect(within(rows()[0]!).getByRole('link', { name: 'Artículo 1' }).getAttribute('href')).toBe('/demo-03/productos/o1/p1');
    expect(screen.getByTestId('result-count').textContent).toBe('2 resultados');
  });

  it('searches 400 ms after typing stops, filters by category and supplier, and sorts as chosen', async () => {
    await open();
    expect(RESALE_SEARCH_DEBOUNCE_MS).toBe(400);
    fireEvent.change(screen.getByLabelText(L.search), { target: { value: 'cam' } });
    await settle(RESALE_SEARCH_DEBOUNCE_MS - 50);
    expect(searches).toHaveLength(1);
    await settle(50);
    expect(last()).toEqual({ type: 'product', sort: '-contribution_margin', text: 'cam', offset: '0', limit: '10' });
    fireEvent.change(screen.getByLabelText(L.category), { target: { value: 'ropa' } });
    await settle();
    expect(last()).toEqual({ type: 'product', sort: '-contribution_margin', text: 'cam', category: 'ropa', offset: '0', limit: '10' });
    fireEvent.change(screen.getByLabelText(L.supplier), { target: { value: SUPPLIER } });
    await settle();
    expect(last()).toEqual({ type: 'product', sort: '-contribution_margin', text: 'cam', supplier: SUPPLIER, category: 'ropa', offset: '0', limit: '10' });
    fireEvent.change(screen.getByLabelText(RES.sort!), { target: { value: 'name' } });
    await settle();
    expect(last()).toMatchObject({ sort: 'name' });
  });

  it('loads the next page when the sentinel scrolls into view, and stops at the end', async () => {
    total = 25;
    await open();
    expect(rows()).toHaveLength(10);
    expect(screen.getByTestId('result-count').textContent).toBe('25 resultados');
    scrollToEnd();
    expect(screen.getByText(L.loading)).toBeTruthy();
    await settle();
    expect(last()).toMatchObject({ offset: '10', limit: '10' });
    expect(rows()).toHaveLength(20);
    scrollToEnd();
    await settle();
    expect(last()).toMatchObject({ offset: '20' });
    expect(rows()).toHaveLength(25);
    expect(observing()).toEqual([]);
    expect(searches).toHaveLength(3);
  });

  it('adds with PUT; removing waits 5 s with an undo, and only then sends the DELETE', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${LL.add}: Artículo 1` }));
    await settle();
    expect(writes).toEqual(['PUT p1']);
    expect(onChanged).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: `${LL.remove}: Artículo 1` }));
    await settle(1000);
    expect(screen.getByText(/Se quitará en [1-5] s/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: LL.undo }));
    await settle(RESALE_REMOVAL_UNDO_MS + 100);
    expect(writes).toEqual(['PUT p1']);
    fireEvent.click(screen.getByRole('button', { name: `${LL.remove}: Artículo 1` }));
    await settle(RESALE_REMOVAL_UNDO_MS - 100);
    expect(writes).toEqual(['PUT p1']);
    await settle(200);
    expect(writes).toEqual(['PUT p1', 'DELETE p1']);
    expect(screen.getByRole('button', { name: `${LL.add}: Artículo 1` })).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('a refused add says so and keeps the row out of the store', async () => {
    writeReply = () => HttpResponse.json({ error: { code: 'conflict', message: 'El producto ya no está disponible', fields: {} } }, { status: 409 });
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${LL.add}: Artículo 2` }));
    await settle();
    expect(writes).toEqual(['PUT p2']);
    expect(screen.getByText(LL.addError)).toBeTruthy();
    expect(screen.getByRole('button', { name: `${LL.add}: Artículo 2` })).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says so when nothing matches', async () => {
    total = 0;
    await open();
    expect(rows()).toHaveLength(0);
    expect(screen.getByText(L.noResults)).toBeTruthy();
    expect(observing()).toEqual([]);
  });
});
