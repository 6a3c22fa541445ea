// Banners (seed 000 §8): the image is required, a url action needs a valid link, deletes wait 5 s with undo and
// then show the 'Éxito' toast with what happened, failures 'Ocurrió un error'.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import BannersModal from '../../islands/admin/BannersModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider, UNDO_DELAY_MS } from '../../islands/admin/ui.tsx';

const banner = {
  id: 'b1', hzt_image: '/media/a.png', vrt_image: null, hzt_image_id: null, vrt_image_id: null, action_type: 'none', url: null, url_target: '_self',
  product: null, product_name: null, product_supplier: null, target: 'anon', position: 0, created_at: '', updated_at: '',
};
let deleteStatus = 200;
let deletes = 0;
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/banners', () => HttpResponse.json({ results: [banner], matches_estimated: 1 })),
  http.delete('http://localhost/api/shops/demo-03/admin/banners/:id', () => (deletes++, deleteStatus === 200 ? HttpResponse.json({ id: 'b1', deleted: true }) : HttpResponse.json({ error: { code: 'x', message: 'no' } }, { status: deleteStatus }))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); deleteStatus = 200; deletes = 0; vi.useRealTimers(); });
afterAll(() => server.close());

const open = async () => {
  render(<ToastProvider><BannersModal api={new AdminApi('demo-03', 'http://localhost')} onClose={() => {}} /></ToastProvider>);
  await screen.findByText(/Anónimos/);
};

describe('BannersModal', () => {
  it('requires the image and a valid link for a url action', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: L.addBanner }));
    fireEvent.change(screen.getByLabelText(L.actionType), { target: { value: 'url' } });
    fireEvent.change(screen.getByLabelText(L.url), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.imageRequired)).toBeTruthy();
    expect(screen.getByText(L.invalidUrl)).toBeTruthy();
  });

  it('deletes after a 5 s undo window with the Éxito toast; undo sends nothing; a failure shows the generic error', async () => {
    await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settle = async (ms = 0) => {
      await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
      for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
    };
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} banner 1` }));
    expect(screen.getByText(/Eliminando…/)).toBeTruthy();
    await settle(UNDO_DELAY_MS - 100);
    fireEvent.click(screen.getByRole('button', { name: L.undo }));
    await settle(UNDO_DELAY_MS);
    expect(deletes).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} banner 1` }));
    await settle(UNDO_DELAY_MS);
    expect(deletes).toBe(1);
    expect(screen.getByText(L.bannerDeleted)).toBeTruthy();
    expect(screen.getByText('Éxito')).toBeTruthy();
    deleteStatus = 500;
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} banner 1` }));
    await settle(UNDO_DELAY_MS);
    expect(screen.getByText('Ocurrió un error')).toBeTruthy();
    expect(screen.getByRole('button', { name: `${L.delete} banner 1` })).toBeTruthy();
  });
});
