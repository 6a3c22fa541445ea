// Panel commands (issue 15): the tool panels' live saves recorded for the builder's Undo/Redo, built from the API's
// own states; a deleted image is uploaded again from the kept copy; a command that cannot be undone any more is
// dropped with a message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminApi } from '../../islands/admin/api.ts';
import { BANNERS, deleteItem, patchStore, saveHeader, saveItem, SLIDES } from '../../islands/admin/panel-commands.ts';
import type { PanelCommand } from '../../islands/admin/panel-history.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';
import { useBuilderHistory } from '../../islands/builder/use-history.ts';
import { useUndoableDelete } from '../../islands/admin/undo.ts';
import { defaultPanelHistoryLabels } from '../../islands/builder/panel-history-labels.ts';
import { XhrViaFetch } from './xhr-via-fetch.ts';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

type Call = { method: string; url: string; body: unknown };
/** A fetch double: `answer` picks the reply of each call; every call is kept. */
function fakeFetch(answer: (c: Call) => { status?: number; body?: unknown; blob?: Blob }) {
  const calls: Call[] = [];
  vi.stubGlobal('XMLHttpRequest', XhrViaFetch);
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const c = { method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(c);
    const a = answer(c);
    if (a.blob) return new Response(a.blob, { status: 200 });
    return new Response(JSON.stringify(a.body ?? {}), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

const slide = {
  id: 's1', hzt_image: '/media/a.png', vrt_image: '/media/b.png', type: 'URL', product: null, url: 'https://demo.test/x', url_target: '_self',
  target: 'all', action_type: 'url', position: 2, title: 'Hola', subtitle: null, button_label: null, button_url: null, text_desktop: 'center', text_phone: 'below',
};

describe('panel commands', () => {
  it('a deleted slide comes back at its place on undo (its images uploaded again when the server deleted them); redo deletes the new one', async () => {
    let gone = true;
    const calls = fakeFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/media/')) return { blob: new Blob(['png'], { type: 'image/png' }) };
      if (c.method === 'POST' && c.url.endsWith('/admin/uploads')) return { status: 201, body: { url: '/media/new.png' } };
      if (c.method === 'POST' && c.url.endsWith('/admin/slides')) {
        if (gone) { gone = false; return { status: 400, body: { error: { code: 'validation_error', message: 'x', fields: { hzt_image: ['upload the image first'], vrt_image: ['upload the image first'] } } } }; }
        return { status: 201, body: { ...slide, id: 's2', hzt_image: '/media/new.png', vrt_image: '/media/new.png' } };
      }
      return { body: { id: 's1', deleted: true } };
    });
    const cmds: PanelCommand[] = [];
    await deleteItem(new AdminApi('demo-03'), (c) => cmds.push(c), SLIDES, slide);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/shops/demo-03/admin/slides/s1']);
    expect(cmds.map((c) => c.kind)).toEqual(['slideDelete']);
    await cmds[0]!.undo();
    const posts = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/admin/slides'));
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toMatchObject({ hzt_image: '/media/a.png', title: 'Hola', position: 2 });
    expect(posts[1]!.body).toMatchObject({ hzt_image: '/media/new.png', vrt_image: '/media/new.png', title: 'Hola', position: 2 });
    await cmds[0]!.redo();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/shops/demo-03/admin/slides/s2' });
  });

  it('commands follow an item created again: undoing a delete, then the create, deletes the new item', async () => {
    let n = 0;
    const banner = { id: 'b1', hzt_image: '/media/h.png', vrt_image: null, action_type: 'none', url: null, url_target: '_self', product: null, target: 'all', position: 0 };
    const calls = fakeFetch((c) => {
      if (c.method === 'GET') return { blob: new Blob(['png'], { type: 'image/png' }) };
      if (c.method === 'POST') return { status: 201, body: { ...banner, id: n++ ? 'b3' : 'b1' } };
      return { body: {} };
    });
    const cmds: PanelCommand[] = [];
    const api = new AdminApi('demo-03');
    await saveItem(api, (c) => cmds.push(c), BANNERS, undefined, { hzt_image: '/media/h.png' });
    await deleteItem(api, (c) => cmds.push(c), BANNERS, banner);
    await cmds[1]!.undo(); // created again as b3
    await cmds[0]!.undo(); // the create's undo deletes b3, not the gone b1
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/shops/demo-03/admin/banners/b1', '/api/shops/demo-03/admin/banners/b3']);
  });

  it('a header save applies it; undo puts its words back and shows the header the shop showed before', async () => {
    const h = (id: string, title: string, active: boolean) => ({ id, title, subtitle: null, description: null, action_type: 'none', url: null, button_label: null, product: null, target: 'all', active });
    const calls = fakeFetch((c) => (c.method === 'GET'
      ? { body: { results: [h('h2', 'Nuevo', false), h('h1', 'Antes', true)] } }
      : { body: h('h2', 'Nuevo título', true) }));
    const cmds: PanelCommand[] = [];
    await saveHeader(new AdminApi('demo-03'), (c) => cmds.push(c), h('h2', 'Nuevo', false) as never, { title: 'Nuevo título', apply: true });
    calls.length = 0;
    await cmds[0]!.undo();
    expect(calls.map((c) => [c.method, c.url.replace('/api/shops/demo-03/admin', ''), c.body])).toEqual([
      ['PATCH', '/headers/h2', expect.objectContaining({ title: 'Nuevo' })],
      ['POST', '/headers/h1/apply', { active: true }],
    ]);
    calls.length = 0;
    await cmds[0]!.redo();
    expect(calls.map((c) => [c.method, c.body])).toEqual([['PATCH', expect.objectContaining({ title: 'Nuevo título', apply: true })]]);
  });

  it('a colour change is undone by sending the colours it replaced; without a recorder it is only the PATCH', async () => {
    const calls = fakeFetch((c) => (c.method === 'GET'
      ? { body: { photo: null, store_theme_info: { color1: '#111111', color2: '#222222' } } }
      : { body: { photo: null, store_theme_info: { color1: '#333333', color2: '#333333' } } }));
    const cmds: PanelCommand[] = [];
    await patchStore(new AdminApi('demo-03'), (c) => cmds.push(c), 'color', { color1: '#333333', color2: '#333333' });
    await cmds[0]!.undo();
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { color1: '#111111', color2: '#222222' } });
    await cmds[0]!.redo();
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { color1: '#333333', color2: '#333333' } });
    calls.length = 0;
    await patchStore(new AdminApi('demo-03'), null, 'color', { color1: '#444444' });
    expect(calls.map((c) => c.method)).toEqual(['PATCH']);
  });
});

describe('the builder history with panel commands', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;
  const doc = { pack: '03', settings: {}, tokens: {}, templates: {} };

  it('an undo that fails (deleted elsewhere: 404) shows a message and drops the entry; a working one moves to redo', async () => {
    const applied = vi.fn();
    const { result } = renderHook(() => useBuilderHistory(doc, defaultPanelHistoryLabels, applied), { wrapper });
    const ok = { kind: 'color' as const, undo: vi.fn(async () => {}), redo: vi.fn(async () => {}) };
    const broken = { kind: 'slideEdit' as const, undo: vi.fn(async () => { throw { status: 404, code: 'not_found', message: null }; }), redo: vi.fn(async () => {}) };
    act(() => { result.current.record(ok); result.current.record(broken); });
    expect(result.current.title('undo', '')).toBe('Deshacer: cambios de la diapositiva');
    await act(async () => { result.current.undo(); });
    expect(broken.undo).toHaveBeenCalledOnce();
    expect(screen.getByText(/No se pudo deshacer «cambios de la diapositiva»: ya no existe/)).toBeTruthy();
    expect(result.current.history.past).toHaveLength(1);
    expect(result.current.history.future).toHaveLength(0);
    await act(async () => { result.current.undo(); });
    expect(ok.undo).toHaveBeenCalledOnce();
    expect(screen.getByText('Se deshizo en la tienda: color de fondo')).toBeTruthy();
    expect(result.current.history.past).toHaveLength(0);
    expect(result.current.title('redo', '')).toBe('Rehacer: color de fondo');
    expect(applied).toHaveBeenCalledTimes(2);
  });
});

describe('a panel unmounted while a delete waits (back to sections, or read again after an undo)', () => {
  it('sends the delete instead of losing it', async () => {
    const send = vi.fn(async () => {});
    const report = vi.fn();
    const { result, unmount } = renderHook(() => useUndoableDelete(send, report));
    act(() => { result.current.start('s1'); });
    expect(send).not.toHaveBeenCalled();
    unmount();
    expect(send).toHaveBeenCalledWith('s1');
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith('s1', true));
  });
});
