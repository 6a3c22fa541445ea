// The carousel editor (seed 000 §5, seed 001 §5): PRODUCT / URL switched with a button; the url pattern with the
// invalid-shop-carousel-link message; images required.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import CarouselEditor from '../../islands/admin/CarouselEditor.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';

const slide = {
  id: 's1', hzt_image: '/media/a.png', vrt_image: '/media/b.png', hzt_image_id: null, vrt_image_id: null, type: 'URL', product: null, product_name: null,
  supplier: null, url: 'https://tienda.mx', url_target: '_self', target: 'all', action_type: 'url', position: 0,
};
const patches: unknown[] = [];
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/slides', () => HttpResponse.json({ results: [slide], matches_estimated: 1, columns: 2 })),
  http.patch('http://localhost/api/shops/demo-03/admin/slides/:id', async ({ request }) => { patches.push(await request.json()); return HttpResponse.json(slide); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); patches.length = 0; });
afterAll(() => server.close());

async function openNew() {
  render(<ToastProvider><CarouselEditor api={new AdminApi('demo-03', 'http://localhost')} onClose={() => {}} /></ToastProvider>);
  await screen.findByText(/tienda\.mx/);
}

describe('CarouselEditor', () => {
  it('switches PRODUCT and URL with a button', async () => {
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: L.addSlide }));
    expect(screen.getByTestId('link-type').textContent).toBe('URL');
    expect(screen.getByLabelText(L.url)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: L.switchToProduct }));
    expect(screen.getByTestId('link-type').textContent).toBe('PRODUCT');
    expect(screen.queryByLabelText(L.url)).toBeNull();
    expect(screen.getByLabelText(L.productSearch)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: L.switchToUrl }));
    expect(screen.getByTestId('link-type').textContent).toBe('URL');
  });

  it('requires both images and refuses a url that does not match the pattern', async () => {
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: L.addSlide }));
    fireEvent.change(screen.getByLabelText(L.url), { target: { value: 'no es un enlace' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.invalidCarouselLink)).toBeTruthy();
    expect(screen.getAllByText(L.imageRequired)).toHaveLength(2);
  });

  it('edits a slide: a valid url is sent, an invalid one is refused before any request', async () => {
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: `${L.edit} 1` }));
    const url = screen.getByLabelText(L.url) as HTMLInputElement;
    expect(url.value).toBe('https://tienda.mx');
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.invalidCarouselLink)).toBeTruthy();
    expect(patches).toHaveLength(0);
    fireEvent.change(url, { target: { value: 'www.ofertas.com.mx/verano' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ type: 'URL', url: 'www.ofertas.com.mx/verano', product: null });
  });
});
