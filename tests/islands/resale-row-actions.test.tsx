// The referral products tab's row actions (seed 001 §4, §8): add at once, removal delayed 5 s with an undo (no
// DELETE when undone, one DELETE on expiry), a failed removal going back silently, the franchise warning on
// invalid_product, adding to a catalogue (into the store first). Timers faked; the network answered by msw.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ResaleRowActions, { type ResaleRowLabels } from '../../islands/resale/ResaleRowActions.tsx';
import { UNDO_DELAY_MS } from '../../islands/admin/ui.tsx';

const L: ResaleRowLabels = {
  add: 'Add', remove: 'Remove', inStore: 'In store', removing: 'Removing in {{seconds}} s', undo: 'Undo', addToCatalogue: 'To catalogue',
  chooseCatalogue: 'Catalogue', added: 'Added', removed: 'Removed', addedToCatalogue: 'Added to {{name}}', alreadyInCatalogue: 'Already in {{name}}',
  onlyFranchise: 'Only franchise products', addError: 'Error adding', genericError: 'Error', successTitle: 'Done', warningTitle: 'Warning',
  errorTitle: 'Error', close: 'Close',
};
const BASE = 'http://localhost/api/shops/demo-03/admin';
const writes: string[] = [];
let putReply: () => Response = () => HttpResponse.json({ product_id: 'p1', in_store: true, queue_position: 3 });
let deleteReply: () => Response = () => HttpResponse.json({ product_id: 'p1', in_store: false, removed_from_catalogues: 0 });
let catalogueReply: () => Response = () => HttpResponse.json({ catalogue_id: 'c2', product_id: 'p1', queue_position: 0 }, { status: 201 });
const server = setupServer(
  http.put(`${BASE}/store-products/:id`, ({ params }) => { writes.push(`PUT ${params.id}`); return putReply(); }),
  http.delete(`${BASE}/store-products/:id`, ({ params }) => { writes.push(`DELETE ${params.id}`); return deleteReply(); }),
  http.post(`${BASE}/catalogues/:id/products`, async ({ params, request }) => { writes.push(`POST ${params.id} ${JSON.stringify(await request.json())}`); return catalogueReply(); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  writes.length = 0;
  putReply = () => HttpResponse.json({ product_id: 'p1', in_store: true, queue_position: 3 });
  deleteReply = () => HttpResponse.json({ product_id: 'p1', in_store: false, removed_from_catalogues: 0 });
  catalogueReply = () => HttpResponse.json({ catalogue_id: 'c2', product_id: 'p1', queue_position: 0 }, { status: 201 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => server.close());

async function settle(ms = 0) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
function mount(inStore: boolean, canAdd = true) {
  render(<ResaleRowActions shopSlug="demo-03" productId="p1" name="Kimono" inStore={inStore} canAdd={canAdd} action="/demo-03/apps/me/referral"
    catalogues={[{ id: 'c1', name: 'Novedades' }, { id: 'c2', name: 'Ofertas' }]} labels={L} apiBase="http://localhost" />);
}
const button = (name: RegExp) => screen.getByRole('button', { name });

describe('ResaleRowActions', () => {
  it('posts to the page before hydration and says so once hydrated', () => {
    mount(false);
    const form = button(/^Add: Kimono/).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/demo-03/apps/me/referral');
    expect((form.querySelector('input[name="op"]') as HTMLInputElement).value).toBe('add');
    expect(document.querySelector('.rs-actions')?.getAttribute('data-hydrated')).toBe('true');
  });

  it('adds at once with a success toast', async () => {
    mount(false);
    fireEvent.click(button(/^Add: Kimono/));
    await settle();
    expect(writes).toEqual(['PUT p1']);
    expect(screen.getByTestId('resale-toast').textContent).toContain('Added');
    expect(button(/^Remove: Kimono/)).toBeTruthy();
  });

  it('shows the franchise warning on invalid_product and an error otherwise', async () => {
    putReply = () => HttpResponse.json({ error: { code: 'conflict', message: 'x', fields: { product_id: ['Solo puedes agregar productos de la franquicia'] }, field_codes: { product_id: ['invalid_product'] } } }, { status: 409 });
    mount(false);
    fireEvent.click(button(/^Add: Kimono/));
    await settle();
    expect(screen.getByTestId('resale-toast').textContent).toBe('WarningOnly franchise products×');
    expect(button(/^Add: Kimono/)).toBeTruthy();
    putReply = () => HttpResponse.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
    fireEvent.click(button(/^Add: Kimono/));
    await settle();
    expect(screen.getByTestId('resale-toast').textContent).toBe('ErrorError adding×');
  });

  it('waits 5 s before removing; undo sends nothing; on expiry one DELETE', async () => {
    mount(true);
    fireEvent.click(button(/^Remove: Kimono/));
    await settle(1000);
    expect(screen.getByRole('status').textContent).toContain('Removing in 4 s');
    fireEvent.click(button(/^Undo$/));
    await settle(UNDO_DELAY_MS);
    expect(writes).toEqual([]);
    expect(button(/^Remove: Kimono/)).toBeTruthy();

    fireEvent.click(button(/^Remove: Kimono/));
    await settle(UNDO_DELAY_MS - 1);
    expect(writes).toEqual([]);
    await settle(1);
    expect(writes).toEqual(['DELETE p1']);
    expect(button(/^Add: Kimono/)).toBeTruthy();
  });

  it('a failed removal goes back to in store without a message', async () => {
    deleteReply = () => HttpResponse.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
    mount(true);
    fireEvent.click(button(/^Remove: Kimono/));
    await settle(UNDO_DELAY_MS);
    expect(writes).toEqual(['DELETE p1']);
    expect(button(/^Remove: Kimono/)).toBeTruthy();
    expect(screen.queryByTestId('resale-toast')).toBeNull();
  });

  it('adds to the chosen catalogue, putting the item in the store first; says when it is there already', async () => {
    mount(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Catalogue: Kimono' }), { target: { value: 'c2' } });
    fireEvent.click(button(/^To catalogue: Kimono/));
    await settle();
    expect(writes).toEqual(['PUT p1', 'POST c2 {"product_id":"p1"}']);
    expect(screen.getByTestId('resale-toast').textContent).toContain('Added to Ofertas');
    catalogueReply = () => HttpResponse.json({ error: { code: 'conflict', message: 'x', fields: { product_id: ['El producto ya está en este catálogo'] }, field_codes: { product_id: ['already_in_catalogue'] } } }, { status: 409 });
    fireEvent.click(button(/^To catalogue: Kimono/));
    await settle();
    expect(writes.at(-1)).toBe('POST c2 {"product_id":"p1"}');
    expect(screen.getByTestId('resale-toast').textContent).toContain('Already in Ofertas');
  });

  it('offers nothing to add for an item the store cannot take', () => {
    mount(false, false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
