// The carousel editor's slide words (issue 15): a button label wants a link (refused before any request), and the
// words and their per-breakpoint places are sent with the slide.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import CarouselEditor from '../../islands/admin/CarouselEditor.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { slideTextDefaults as W } from '../../islands/admin/slide-text-labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';

const slide = {
  id: 's1', hzt_image: '/media/a.png', vrt_image: '/media/b.png', hzt_image_id: null, vrt_image_id: null, type: 'URL', product: null, product_name: null,
  supplier: null, url: 'https://tienda.mx', url_target: '_self', target: 'all', action_type: 'url', position: 0,
  title: 'Verano', subtitle: null, button_label: null, button_url: null, text_desktop: 'over', text_phone: 'below',
};
const patches: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/slides', () => HttpResponse.json({ results: [slide], matches_estimated: 1, columns: 1 })),
  http.patch('http://localhost/api/shops/demo-03/admin/slides/:id', async ({ request }) => { patches.push(await request.json() as Record<string, unknown>); return HttpResponse.json(slide); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); patches.length = 0; });
afterAll(() => server.close());

describe('CarouselEditor slide words', () => {
  it('shows the stored words, wants a link for a button label, then sends words and places', async () => {
    render(<ToastProvider><CarouselEditor api={new AdminApi('demo-03', 'http://localhost')} onClose={() => {}} /></ToastProvider>);
    fireEvent.click(await screen.findByRole('button', { name: `${L.edit} 1` }));
    expect((screen.getByLabelText(W.slideTitle) as HTMLInputElement).value).toBe('Verano');
    fireEvent.change(screen.getByLabelText(W.slideButtonLabel), { target: { value: 'Ver más' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(W.slideButtonNeedsLink)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(W.slideButtonUrl), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.invalidCarouselLink)).toBeTruthy();
    expect(patches).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(W.slideButtonUrl), { target: { value: '/catalogos/ofertas' } });
    fireEvent.change(screen.getByLabelText(W.slideSubtitle), { target: { value: 'Hasta 30%' } });
    fireEvent.change(screen.getByLabelText(W.slideTextPhone), { target: { value: 'over' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ title: 'Verano', subtitle: 'Hasta 30%', button_label: 'Ver más', button_url: '/catalogos/ofertas', text_desktop: 'over', text_phone: 'over' });
  });
});
