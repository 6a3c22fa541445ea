// Shop photo and name (seed 000 §5, §8): the rejection message (dismissed after 15 s), the upload failure message
// with the red border, the name's invalid-field legend.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import PhotoModal from '../../islands/admin/PhotoModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { REJECTION_MS, ToastProvider } from '../../islands/admin/ui.tsx';

const REJECTED = 'Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png, .svg';
const FAILED = 'La foto no se pudo actualizar en este momento, intentelo mas tarde';
const patches: unknown[] = [];
const server = setupServer(
  http.post('http://localhost/api/shops/demo-03/admin/uploads', () => HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 503 })),
  http.patch('http://localhost/api/shops/demo-03/admin/store', async ({ request }) => { patches.push(await request.json()); return HttpResponse.json({}); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); patches.length = 0; vi.useRealTimers(); });
afterAll(() => server.close());

const png = (bytes: number, name = 'logo.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
function setup(display?: 'cir' | 'rec') {
  render(<ToastProvider><PhotoModal api={new AdminApi('demo-03', 'http://localhost')} name="Casa Norte" photo={null} display={display} onClose={() => {}} onSaved={() => {}} /></ToastProvider>);
  return document.querySelector('input[type=file]') as HTMLInputElement;
}

describe('PhotoModal', () => {
  it('rejects a file over 4,000,000 bytes with the exact message, gone after 15 s', async () => {
    const input = setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => { fireEvent.change(input, { target: { files: [png(4_000_001)] } }); });
    await act(async () => { for (let i = 0; i < 10; i++) await Promise.resolve(); });
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    expect(screen.getByText(REJECTED)).toBeTruthy();
    await act(async () => { await vi.advanceTimersByTimeAsync(REJECTION_MS - 10); });
    expect(screen.getByText(REJECTED)).toBeTruthy();
    await act(async () => { await vi.advanceTimersByTimeAsync(10); });
    expect(screen.queryByText(REJECTED)).toBeNull();
  });

  it('an empty name shows the invalid-field legend and sends nothing', async () => {
    setup();
    fireEvent.change(screen.getByLabelText(L.shopName), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect(await screen.findByText(L.invalidField)).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('a failed upload shows the failure message and a red border on the drop zone', async () => {
    const input = setup();
    await act(async () => { fireEvent.change(input, { target: { files: [png(200)] } }); });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    expect((await screen.findAllByText(FAILED)).length).toBeGreaterThan(0);
    expect(document.querySelector('.adm-drop')!.classList.contains('adm-drop-failed')).toBe(true);
    expect(patches).toHaveLength(0);
  });

  it('shows the upload\'s progress while it is sent; Cancel stops it and saves nothing', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => { release = r; });
    server.use(http.post('http://localhost/api/shops/demo-03/admin/uploads', async () => { await gate; return HttpResponse.json({ url: '/media/x.png' }, { status: 201 }); }));
    const input = setup();
    await act(async () => { fireEvent.change(input, { target: { files: [png(200)] } }); });
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    const bar = await screen.findByTestId('upload-progress');
    expect(bar.querySelector('progress')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: L.uploadCancel }));
    expect(await screen.findByText(L.uploadCanceled)).toBeTruthy();
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    release();
    expect(patches).toHaveLength(0);
  });

  it('offers the six photo shapes; the size hint follows the shape (1000 x 400 for rectangles); the shape is saved', async () => {
    setup('cir');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['bdr_cir', 'cir', 'bdr_sq', 'sq', 'bdr_rec', 'rec']);
    expect((screen.getByLabelText(L.shape_cir) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Tamaño recomendado: 1000 x 1000 px')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(L.shape_rec));
    expect(await screen.findByText('Tamaño recomendado: 1000 x 400 px')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(L.shape_bdr_rec));
    fireEvent.click(screen.getByRole('button', { name: L.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ name: 'Casa Norte', photo_display: 'bdr_rec' });
  });

  it('a rectangular shop starts with the 1000 x 400 hint', () => {
    setup('rec');
    expect(screen.getByText('Tamaño recomendado: 1000 x 400 px')).toBeTruthy();
  });
});
