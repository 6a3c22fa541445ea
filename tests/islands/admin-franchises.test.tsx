// Franchises modal (seed 001 §2; seed 000 §4, §9): pages of 2 in a 250 px box, immediate add, removal delayed 5 s
// with undo (no DELETE), one DELETE on expiry, a failure restoring the row, the empty message. Timers faked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import FranchisesModal, { FRANCHISE_LIST_HEIGHT, FRANCHISE_PAGE_SIZE } from '../../islands/admin/FranchisesModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../islands/admin/infinite.tsx';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider, UNDO_DELAY_MS } from '../../islands/admin/ui.tsx';

const ALL = [
  { id: 'f1', slug: 'tienda-a', name: 'Franquicia A', photo: null, canonical_url: 'https://a.example.com/', in_store: true },
  { id: 'f2', slug: 'tienda-b', name: 'Franquicia B', photo: null, canonical_url: null, in_store: false },
  { id: 'f3', slug: 'tienda-c', name: 'Franquicia C', photo: null, canonical_url: null, in_store: false },
];
let data = ALL;
const searches: URLSearchParams[] = [];
const writes: string[] = [];
let writeReply: () => Response = () => HttpResponse.json({});
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/franchises', ({ request }) => {
    const q = new URL(request.url).searchParams;
    searches.push(q);
    const text = (q.get('text') ?? '').toLowerCase();
    const hits = data.filter((f) => f.name.toLowerCase().includes(text));
    const offset = Number(q.get('offset')), limit = Number(q.get('limit'));
    return HttpResponse.json({ results: hits.slice(offset, offset + limit), matches_estimated: hits.length });
  }),
  http.put('http://localhost/api/shops/demo-03/admin/franchises/:id', ({ params }) => { writes.push(`PUT ${params.id}`); return writeReply(); }),
  http.delete('http://localhost/api/shops/demo-03/admin/franchises/:id', ({ params }) => { writes.push(`DELETE ${params.id}`); return writeReply(); }),
);

class FakeObserver {
  static all: FakeObserver[] = [];
  target: Element | null = null;
  live = true;
  constructor(readonly cb: IntersectionObserverCallback) { FakeObserver.all.push(this); }
  observe(el: Element) { this.target = el; }
  unobserve() {}
  disconnect() { this.live = false; }
  takeRecords() { return []; }
}
const scrollToEnd = () => {
  const io = FakeObserver.all.find((o) => o.live && o.target?.isConnected)!;
  act(() => io.cb([{ isIntersecting: true, target: io.target } as unknown as IntersectionObserverEntry], io as unknown as IntersectionObserver));
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  data = ALL; searches.length = 0; writes.length = 0; FakeObserver.all = [];
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
const onClose = vi.fn();
const onChanged = vi.fn();
async function open() {
  onClose.mockReset(); onChanged.mockReset();
  render(<ToastProvider><FranchisesModal api={new AdminApi('demo-03', 'http://localhost')} onClose={onClose} onChanged={onChanged} /></ToastProvider>);
  await settle();
}
const rows = () => screen.queryAllByTestId('franchise-row');

describe('FranchisesModal', () => {
  it('asks for pages of 2 in a 250 px scroll box and links each franchise to its store', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: L.franchises })).toBeTruthy();
    expect(Object.fromEntries(searches[0]!)).toEqual({ offset: '0', limit: String(FRANCHISE_PAGE_SIZE) });
    expect(FRANCHISE_PAGE_SIZE).toBe(2);
    expect(screen.getByTestId('franchise-list').style.maxHeight).toBe(`${FRANCHISE_LIST_HEIGHT}px`);
    expect(FRANCHISE_LIST_HEIGHT).toBe(250);
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Franquicia A' }).getAttribute('href')).toBe('https://a.example.com/');
    expect(screen.getByRole('link', { name: 'Franquicia B' }).getAttribute('href')).toBe('/tienda-b/');
    scrollToEnd();
    await settle();
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ offset: '2', limit: '2' });
    expect(rows()).toHaveLength(3);
  });

  it('searches after the debounce', async () => {
    await open();
    fireEvent.change(screen.getByLabelText(L.search), { target: { value: ' ia C ' } });
    await settle(ADMIN_SEARCH_DEBOUNCE_MS);
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ text: 'ia C', offset: '0', limit: '2' });
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Franquicia C')]);
  });

  it('undo within the 5 s sends no DELETE and keeps the franchise in the store', async () => {
    await open();
    const btn = screen.getByRole('button', { name: `${L.remove} Franquicia A` });
    btn.focus();
    fireEvent.click(btn);
    expect(within(rows()[0]!).getByText(/Quitando…/)).toBeTruthy();
    const undo = screen.getByRole('button', { name: L.undo });
    expect(document.activeElement).toBe(undo);
    await settle(UNDO_DELAY_MS - 100);
    fireEvent.click(undo);
    await settle(UNDO_DELAY_MS);
    expect(writes).toEqual([]);
    expect(screen.queryByText(/Quitando…/)).toBeNull();
    expect(screen.getByRole('button', { name: `${L.remove} Franquicia A` }).getAttribute('aria-pressed')).toBe('true');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends one DELETE when the 5 s run out, then shows the franchise as not in the store', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.remove} Franquicia A` }));
    await settle(UNDO_DELAY_MS - 1);
    expect(writes).toEqual([]);
    await settle(1);
    expect(writes).toEqual(['DELETE f1']);
    expect(screen.getByRole('button', { name: `${L.add} Franquicia A` }).getAttribute('aria-pressed')).toBe('false');
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByText('La franquicia se eliminó de tu tienda')).toBeTruthy();
    await settle(UNDO_DELAY_MS);
    expect(writes).toEqual(['DELETE f1']);
    expect(screen.queryByText('La franquicia se eliminó de tu tienda')).toBeNull(); // gone after 5 s
  });

  it('a failed DELETE restores the row without a message (seed 001 §6); a failed add says so', async () => {
    writeReply = () => HttpResponse.json({ error: { code: 'server_error', message: 'No se pudo quitar' } }, { status: 500 });
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.remove} Franquicia A` }));
    await settle(UNDO_DELAY_MS);
    expect(writes).toEqual(['DELETE f1']);
    expect(screen.queryByText('No se pudo quitar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `${L.add} Franquicia B` }));
    await settle();
    expect(screen.getByText('No se pudo quitar')).toBeTruthy();
    expect(screen.queryByText('La franquicia se eliminó de tu tienda')).toBeNull();
    expect(screen.getByRole('button', { name: `${L.remove} Franquicia A` }).getAttribute('aria-pressed')).toBe('true');
  });

  it('adds at once with PUT', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.add} Franquicia B` }));
    await settle();
    expect(writes).toEqual(['PUT f2']);
    expect(screen.getByRole('button', { name: `${L.remove} Franquicia B` }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('La franquicia se agregó a tu tienda')).toBeTruthy();
    expect(screen.getByText('Éxito')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('closing sends a removal still waiting, then closes', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.remove} Franquicia A` }));
    fireEvent.click(screen.getByRole('button', { name: L.close }));
    await settle();
    expect(writes).toEqual(['DELETE f1']);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says when no franchise is found', async () => {
    data = [];
    await open();
    expect(rows()).toHaveLength(0);
    expect(screen.getByText(L.noFranchises)).toBeTruthy();
  });
});
