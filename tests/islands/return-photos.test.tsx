// The return photos island: up to five .jpeg/.png photos of at most 4 MB, thumbnails that can be removed, the spec's
// rejection text, and the chosen files put into the form's "photos" input (what the plain form post sends). Before
// hydration the island is a plain file chooser named "photos".
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import ReturnPhotos, { type PhotoLabels } from '../../islands/returns/ReturnPhotos.tsx';

const labels: PhotoLabels = {
  drop: 'Arrastra aquí tus fotos o haz clic para elegirlas', hint: 'Hasta 5 fotos .jpeg o .png de hasta 4 MB cada una.',
  remove: 'Quitar foto {n}', count: '{count} de {max} fotos', tooMany: 'Puedes adjuntar hasta {max} fotos.',
  rejected: 'Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png',
};
const png = (name: string, bytes = 200) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const settle = async () => { await act(async () => { for (let i = 0; i < 10; i++) await Promise.resolve(); }); };

/** jsdom has no DataTransfer: a stand-in whose `files` is the list handed to the form's input. */
class FakeDataTransfer {
  list: File[] = [];
  items = { add: (f: File) => { this.list.push(f); } };
  get files() { return this.list; }
}

function setup() {
  (globalThis as { DataTransfer?: unknown }).DataTransfer = FakeDataTransfer;
  const view = render(<ReturnPhotos max={5} labels={labels} />);
  const chooser = view.container.querySelector('[data-testid=return-photos-input]') as HTMLInputElement;
  const named = view.container.querySelector('input[name=photos]') as HTMLInputElement;
  const sent: File[][] = [];
  Object.defineProperty(named, 'files', { configurable: true, get: () => sent.at(-1) ?? [], set: (v: File[]) => { sent.push([...v]); } });
  return { chooser, named, sent };
}

afterEach(() => { cleanup(); delete (globalThis as { DataTransfer?: unknown }).DataTransfer; });

describe('ReturnPhotos', () => {
  it('before hydration is a plain file chooser the form posts as "photos"', () => {
    const html = renderToString(<ReturnPhotos max={5} labels={labels} />);
    expect(html).toContain('type="file"');
    expect(html).toContain('name="photos"');
    expect(html).toContain('accept="image/jpeg,image/png"');
    expect(html).not.toContain(labels.drop);
  });

  it('shows the chosen photos, puts them into the form input, and removes one', async () => {
    const { chooser, sent } = setup();
    expect(screen.getByText(labels.drop)).toBeTruthy();
    await act(async () => { fireEvent.change(chooser, { target: { files: [png('a.png'), png('b.png')] } }); });
    await settle();
    expect(screen.getByText('2 de 5 fotos')).toBeTruthy();
    expect(screen.getByText('a.png')).toBeTruthy();
    expect(sent.at(-1)!.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar foto 1' }));
    await settle();
    expect(screen.queryByText('a.png')).toBeNull();
    expect(screen.getByText('1 de 5 fotos')).toBeTruthy();
    expect(sent.at(-1)!.map((f) => f.name)).toEqual(['b.png']);
  });

  it('refuses a file over 4,000,000 bytes or of another type with the spec\'s text', async () => {
    const { chooser, sent } = setup();
    await act(async () => { fireEvent.change(chooser, { target: { files: [png('big.png', 4_000_001)] } }); });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(labels.rejected);
    await act(async () => { fireEvent.change(chooser, { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } }); });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(labels.rejected);
    expect(sent.at(-1) ?? []).toEqual([]);
  });

  it('keeps at most five photos, at once or over several choices', async () => {
    const first = setup();
    await act(async () => { fireEvent.change(first.chooser, { target: { files: ['1', '2', '3', '4', '5', '6'].map((n) => png(`${n}.png`)) } }); });
    await settle();
    expect(first.sent.at(-1)!.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(screen.getByRole('alert').textContent).toBe('Puedes adjuntar hasta 5 fotos.');
    cleanup();
    const second = setup();
    await act(async () => { fireEvent.change(second.chooser, { target: { files: ['1', '2', '3'].map((n) => png(`${n}.png`)) } }); });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => { fireEvent.change(second.chooser, { target: { files: ['4', '5', '6'].map((n) => png(`${n}.png`)) } }); });
    await settle();
    expect(second.sent.at(-1)!.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(screen.getByText('5 de 5 fotos')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Puedes adjuntar hasta 5 fotos.');
    // Full: the drop zone takes no more.
    expect(document.querySelector('.rp-drop-full')).toBeTruthy();
  });
});
