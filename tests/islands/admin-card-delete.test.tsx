// Page markup outside the island drives the admin bar (seed 001 §2 'Store menu'; seed 000 §4 catalogue deletion from
// a card, §9 delays): data-admin-action opens the modals; delete-catalogue hides the card with a 4 s warning toast
// and Cancel, then sends one DELETE after 5 s (the card leaves the DOM) or restores it with 'not deleted'.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import AdminBar, { type AdminShop } from '../../islands/admin/AdminBar.tsx';
import { defaultLabels as L, fmt } from '../../islands/admin/labels.ts';
import { UNDO_DELAY_MS, WARNING_TOAST_MS } from '../../islands/admin/ui.tsx';
import { resaleListLabels } from '../../islands/resale/labels.ts';
import es from '../../src/locales/es.json' with { type: 'json' };

const RES = es.resale as Record<string, string>;
const LL = resaleListLabels((k, vars) => RES[k.slice('resale.'.length)]!.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars?.[v] ?? ''));

const shop: AdminShop = {
  slug: 'demo-03', name: 'Demo', photo: null, color1: '#ffffff', color2: '#000000', columns: 2, socials: {}, presets: [],
};
const deletes: string[] = [];
let deleteReply: () => Response = () => HttpResponse.json({ id: 'c1', deleted: true, removed_products: 0 });
const server = setupServer(
  http.delete('http://localhost/api/shops/demo-03/admin/catalogues/:id', ({ params }) => { deletes.push(String(params.id)); return deleteReply(); }),
  http.get('http://localhost/api/shops/demo-03/admin/resale/facets', () => HttpResponse.json({ suppliers: [], categories: [] })),
  http.get('http://localhost/api/shops/demo-03/admin/resale', () => HttpResponse.json({ results: [], matches_estimated: 0 })),
  http.get('http://localhost/api/shops/demo-03/admin/franchises', () => HttpResponse.json({ results: [], matches_estimated: 0 })),
  // The add-items window lists the shop's catalogues for its rows' 'add to catalogue' (the resale list's one set of rules).
  http.get('http://localhost/api/shops/demo-03/admin/catalogues', () => HttpResponse.json({ results: [], matches_estimated: 0 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  deletes.length = 0;
  deleteReply = () => HttpResponse.json({ id: 'c1', deleted: true, removed_products: 0 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => { cleanup(); document.querySelectorAll('[data-page]').forEach((n) => n.remove()); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => server.close());

async function settle(ms = 0) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
/** Waits (real time) for a lazily loaded modal's code. */
async function dialog(name: string) {
  const end = Date.now() + 5000;
  for (;;) {
    await settle();
    const d = screen.queryByRole('dialog', { name });
    if (d || Date.now() > end) return d;
  }
}
/** The server-rendered page: a store menu and a catalogue card, outside the island. */
function page(products = 0, isAdmin = true) {
  const main = document.createElement('main');
  main.dataset.page = '';
  main.innerHTML = `
    <nav><button type="button" data-admin-action="add-items" data-type="service">+</button>
      <button type="button" data-admin-action="franchises">+</button></nav>
    <ul><li data-catalogue-card id="card"><a href="/demo-03/catalogos/novedades">Novedades</a>
      <button type="button" id="del" data-admin-action="delete-catalogue" data-id="c1" data-name="Novedades" data-products="${products}"><span>×</span></button></li></ul>`;
  document.body.append(main);
  render(<AdminBar shop={shop} base="/demo-03" apiBase="http://localhost" isAdmin={isAdmin} resaleLabels={LL} />);
  return { card: document.getElementById('card')!, del: document.querySelector('#del span')! };
}
const toasts = () => screen.queryAllByTestId('toast').map((t) => t.textContent ?? '');

describe('AdminBar page actions: catalogue deletion from a card', () => {
  it('hides the card with a warning toast; Cancel restores it and sends nothing', async () => {
    const { card, del } = page();
    fireEvent.click(del);
    expect(card.hidden).toBe(true);
    const toast = screen.getByTestId('toast');
    expect(toast.className).toContain('adm-toast-warning');
    expect(toast.textContent).toContain(fmt(L.catalogueWillBeDeleted, { name: 'Novedades' }));
    await settle(WARNING_TOAST_MS - 500);
    fireEvent.click(screen.getByRole('button', { name: L.cancel }));
    expect(card.hidden).toBe(false);
    expect(toasts()).toEqual([]);
    await settle(UNDO_DELAY_MS);
    expect(deletes).toEqual([]);
    expect(card.isConnected).toBe(true);
  });

  it('the warning toast goes after 4 s; after 5 s one DELETE and the card leaves the page', async () => {
    const { card, del } = page();
    fireEvent.click(del);
    fireEvent.click(del); // a second click while waiting changes nothing
    await settle(WARNING_TOAST_MS);
    expect(toasts()).toEqual([]);
    await settle(UNDO_DELAY_MS - WARNING_TOAST_MS - 1);
    expect(deletes).toEqual([]);
    await settle(1);
    expect(deletes).toEqual(['c1']);
    expect(card.isConnected).toBe(false);
    expect(toasts().join()).toContain(L.catalogueDeleted);
  });

  it('a catalogue with products is announced as removed from the store', async () => {
    const { card, del } = page(3);
    fireEvent.click(del);
    expect(toasts().join()).toContain(fmt(L.catalogueWillBeRemoved, { name: 'Novedades' }));
    await settle(UNDO_DELAY_MS);
    expect(deletes).toEqual(['c1']);
    expect(card.isConnected).toBe(false);
    expect(toasts().join()).toContain(L.catalogueRemoved);
  });

  it("a failed DELETE restores the card with the 'not deleted' toast", async () => {
    deleteReply = () => HttpResponse.json({ error: { code: 'server_error', message: 'boom' } }, { status: 500 });
    const { card, del } = page();
    fireEvent.click(del);
    await settle(UNDO_DELAY_MS);
    expect(deletes).toEqual(['c1']);
    expect(card.hidden).toBe(false);
    expect(card.isConnected).toBe(true);
    expect(toasts().join()).toContain(L.notDeleted);
  });

  it('opens the add-items modal for the clicked type and the franchises modal', async () => {
    page();
    fireEvent.click(document.querySelector('[data-admin-action="add-items"]')!);
    expect(await dialog(L.addServices)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: L.close }));
    await settle();
    fireEvent.click(document.querySelector('[data-admin-action="franchises"]')!);
    expect(await dialog(L.franchises)).toBeTruthy();
  });

  it('does nothing for members who are not admins', async () => {
    const { card, del } = page(0, false);
    fireEvent.click(del);
    fireEvent.click(document.querySelector('[data-admin-action="franchises"]')!);
    await settle(UNDO_DELAY_MS);
    expect(card.hidden).toBe(false);
    expect(toasts()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes).toEqual([]);
  });
});
