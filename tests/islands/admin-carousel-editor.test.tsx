// The carousel editor (seed 000 §5, seed 001 §5): PRODUCT / URL switched with a button; the url pattern with the
// invalid-shop-carousel-link message; images required.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import CarouselEditor from '../../islands/admin/CarouselEditor.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider, UNDO_DELAY_MS } from '../../islands/admin/ui.tsx';
import { PanelHistoryContext, type PanelCommand } from '../../islands/admin/panel-history.ts';

const slide = {
  id: 's1', hzt_image: '/media/a.png', vrt_image: '/media/b.png', hzt_image_id: null, vrt_image_id: null, type: 'URL', product: null, product_name: null,
  supplier: null, url: 'https://tienda.mx', url_target: '_self', target: 'all', action_type: 'url', position: 0,
};
const patches: unknown[] = [];
const deletes: string[] = [];
let closes = 0;
const server = setupServer(
  http.get('http://localhost/api/shops/demo-03/admin/slides', () => HttpResponse.json({ results: [slide], matches_estimated: 1, columns: 2 })),
  http.patch('http://localhost/api/shops/demo-03/admin/slides/:id', async ({ request }) => { patches.push(await request.json()); return HttpResponse.json(slide); }),
  http.delete('http://localhost/api/shops/demo-03/admin/slides/:id', ({ params }) => { deletes.push(String(params.id)); return HttpResponse.json({ id: params.id, deleted: true, deleted_media: [] }); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); patches.length = 0; deletes.length = 0; closes = 0; vi.useRealTimers(); });
afterAll(() => server.close());

async function openNew() {
  render(<ToastProvider><CarouselEditor api={new AdminApi('demo-03', 'http://localhost')} onClose={() => { closes++; }} /></ToastProvider>);
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
    // The toast says what happened, not the button's verb.
    expect(await screen.findByText(L.slideSaved)).toBeTruthy();
    expect(screen.queryByText(L.save, { selector: '.adm-toast span' })).toBeNull();
  });

  it('an empty link saves a slide without a link (action_type none), not a required-field error', async () => {
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: `${L.edit} 1` }));
    expect(screen.getByText(L.slideNoLinkHint)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(L.url), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ type: 'URL', action_type: 'none', url: null });
    expect(screen.queryByText(L.invalidField)).toBeNull();
  });

  it('one column: the two-column link pattern is not applied (only the shared link check)', async () => {
    server.use(http.get('http://localhost/api/shops/demo-03/admin/slides', () => HttpResponse.json({ results: [slide], matches_estimated: 1, columns: 1 })));
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: `${L.edit} 1` }));
    const url = screen.getByLabelText(L.url) as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.invalidCarouselLink)).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://tienda.mx?promo=verano' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ action_type: 'url', url: 'https://tienda.mx?promo=verano' });
  });

  it('deletes a slide only after the 5 s undo window; undo keeps it; closing sends a waiting delete', async () => {
    await openNew();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settle = async (ms = 0) => {
      await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
      for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
    };
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} 1` }));
    expect(screen.getByText(/Eliminando…/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: L.undo }));
    await settle(UNDO_DELAY_MS);
    expect(deletes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} 1` }));
    await settle(UNDO_DELAY_MS - 1);
    expect(deletes).toEqual([]);
    await settle(1);
    expect(deletes).toEqual(['s1']);
    expect(screen.getByText(L.slideDeleted)).toBeTruthy();
    expect(screen.getByText('Éxito')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${L.delete} 1` }));
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: L.close })[0]!);
    await settle();
    expect(deletes).toEqual(['s1', 's1']);
    expect(closes).toBe(1);
  });

  it('moves a slide down with its button (saved at once); in the builder the move is a command whose undo puts the order back', async () => {
    let order = ['s1', 's2'];
    const two = () => order.map((id, i) => ({ ...slide, id, url: `https://tienda.mx/${id}`, position: i }));
    const puts: unknown[] = [];
    server.use(
      http.get('http://localhost/api/shops/demo-03/admin/slides', () => HttpResponse.json({ results: two(), matches_estimated: 2, columns: 2 })),
      http.put('http://localhost/api/shops/demo-03/admin/slides/order', async ({ request }) => {
        const body = await request.json() as { ids: string[] };
        puts.push(body); order = body.ids;
        return HttpResponse.json({ results: two(), matches_estimated: 2, columns: 2 });
      }),
    );
    const cmds: PanelCommand[] = [];
    render(<ToastProvider><PanelHistoryContext.Provider value={(c) => cmds.push(c)}><CarouselEditor api={new AdminApi('demo-03', 'http://localhost')} onClose={() => {}} /></PanelHistoryContext.Provider></ToastProvider>);
    await screen.findByText(/tienda\.mx\/s2/);
    expect((screen.getByRole('button', { name: 'Subir la diapositiva 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Bajar la diapositiva 2' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la diapositiva 1' }));
    await waitFor(() => expect(screen.getAllByTestId('slide-row')[0]!.textContent).toContain('tienda.mx/s2'));
    expect(puts).toEqual([{ ids: ['s2', 's1'] }]);
    expect(cmds.map((c) => c.kind)).toEqual(['slideOrder']);
    await act(async () => { await cmds[0]!.undo(); });
    expect(puts.at(-1)).toEqual({ ids: ['s1', 's2'] });
  });
});
