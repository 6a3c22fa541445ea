// Banners (seed 000 §8): the image is required, a url action needs a valid link, deletes show the 'Éxito' toast,
// failures 'Ocurrió un error'.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import BannersModal from '../../islands/admin/BannersModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';

const banner = {
  id: 'b1', hzt_image: '/media/a.png', vrt_image: null, hzt_image_id: null, vrt_image_id: null, action_type: 'none', url: null, url_target: '_self',
  product: null, product_name: null, product_supplier: null, target: 'anon', position: 0, created_at: '', updated_at: '',
};
let deleteStatus = 200;
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/banners', () => HttpResponse.json({ results: [banner], matches_estimated: 1 })),
  http.delete('http://localhost/api/shops/demo-03/admin/banners/:id', () => (deleteStatus === 200 ? HttpResponse.json({ id: 'b1', deleted: true }) : HttpResponse.json({ error: { code: 'x', message: 'no' } }, { status: deleteStatus }))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); deleteStatus = 200; });
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

  it('deletes with the Éxito toast; a failure shows the generic error', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} banner 1` }));
    expect(await screen.findByText(L.bannerDeleted)).toBeTruthy();
    expect(screen.getByText('Éxito')).toBeTruthy();
    deleteStatus = 500;
    fireEvent.click(await screen.findByRole('button', { name: `${L.delete} banner 1` }));
    expect(await screen.findByText('Ocurrió un error')).toBeTruthy();
  });
});
