// More panel commands (issue 15): the header list's delete and apply / take-off buttons, slide reordering and
// catalogues (create, rename or new photo, delete) recorded for the builder's Undo/Redo.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApi } from '../../islands/admin/api.ts';
import { applyHeader, createCatalogue, deleteCatalogue, deleteHeader, editCatalogue, reorderSlides } from '../../islands/admin/list-commands.ts';
import { orderLike, type PanelCommand } from '../../islands/admin/panel-history.ts';
import type { AdminHeader } from '../../src/domain/admin/schema.ts';
import { XhrViaFetch } from './xhr-via-fetch.ts';

afterEach(() => { vi.unstubAllGlobals(); });

type Call = { method: string; url: string; body: unknown };
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
const api = () => new AdminApi('demo-03');
const A = '/api/shops/demo-03/admin';
const header = (id: string, active: boolean) => ({
  id, title: `T ${id}`, subtitle: null, description: null, action_type: 'none', url: null, button_label: null, product: null, product_name: null, target: 'all', active,
}) as unknown as AdminHeader;

describe('orderLike', () => {
  it('puts the named items in the wanted order and leaves others in their slots', () => {
    expect(orderLike(['a', 'b', 'c'], ['c', 'b', 'a'])).toEqual(['a', 'b', 'c']);
    expect(orderLike(['a', 'b', 'c'], ['b', 'new', 'a', 'c'])).toEqual(['a', 'new', 'b', 'c']);
    expect(orderLike(['a', 'gone', 'b'], ['b', 'a'])).toEqual(['a', 'b']);
  });
});

describe('header list commands', () => {
  it('a deleted header is created again on undo (shown again when it was the shop\'s); redo deletes the new one', async () => {
    const calls = fakeFetch((c) => (c.method === 'POST' ? { status: 201, body: { ...header('h9', true) } } : { body: { id: 'h1', deleted: true } }));
    const cmds: PanelCommand[] = [];
    await deleteHeader(api(), (c) => cmds.push(c), header('h1', true));
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `${A}/headers/h1` });
    expect(cmds.map((c) => c.kind)).toEqual(['headerDelete']);
    await cmds[0]!.undo();
    expect(calls[1]).toMatchObject({ method: 'POST', url: `${A}/headers`, body: { title: 'T h1', action_type: 'none', apply: true } });
    await cmds[0]!.redo();
    expect(calls[2]).toMatchObject({ method: 'DELETE', url: `${A}/headers/h9` });
  });

  it('applying a header: undo shows the header shown before; with none before, undo takes it off; take-off undo applies it again', async () => {
    let active: AdminHeader | null = header('h0', true);
    const calls = fakeFetch((c) => (c.method === 'GET' ? { body: { results: active ? [header('h2', false), active] : [header('h2', false)], matches_estimated: 2 } } : { body: header('h2', true) }));
    const cmds: PanelCommand[] = [];
    await applyHeader(api(), (c) => cmds.push(c), header('h2', false), true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: `${A}/headers/h2/apply`, body: { active: true } });
    await cmds[0]!.undo();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: `${A}/headers/h0/apply`, body: { active: true } });
    await cmds[0]!.redo();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: `${A}/headers/h2/apply`, body: { active: true } });

    active = null;
    await applyHeader(api(), (c) => cmds.push(c), header('h2', false), true);
    await cmds[1]!.undo();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: `${A}/headers/h2/apply`, body: { active: false } });

    await applyHeader(api(), (c) => cmds.push(c), header('h2', true), false);
    expect(cmds.map((c) => c.kind)).toEqual(['headerApply', 'headerApply', 'headerUnapply']);
    await cmds[2]!.undo();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: `${A}/headers/h2/apply`, body: { active: true } });
  });
});

describe('slide order', () => {
  it('undo puts back the order before (a slide added meanwhile keeps its place); redo the new one', async () => {
    let now = ['b', 'a', 'c'];
    const calls = fakeFetch((c) => {
      if (c.method === 'PUT') { now = (c.body as { ids: string[] }).ids; return { body: { results: now.map((id) => ({ id })), columns: 2 } }; }
      return { body: { results: now.map((id) => ({ id })), columns: 2 } };
    });
    const cmds: PanelCommand[] = [];
    await reorderSlides(api(), (c) => cmds.push(c), ['a', 'b', 'c'], ['b', 'a', 'c']);
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `${A}/slides/order`, body: { ids: ['b', 'a', 'c'] } });
    now = ['b', 'a', 'c', 'd'];
    await cmds[0]!.undo();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { ids: ['a', 'b', 'c', 'd'] } });
    await cmds[0]!.redo();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { ids: ['b', 'a', 'c', 'd'] } });
    expect(cmds.map((c) => c.kind)).toEqual(['slideOrder']);
  });
});

describe('catalogue commands', () => {
  const cat = { id: 'c1', name: 'Regalos', slug: 'regalos', photo: '/media/old.png', num_products: 3 };

  it('delete: undo restores it on the server (same id, products in order); redo deletes it again', async () => {
    const calls = fakeFetch(() => ({ body: { id: 'c1', deleted: true } }));
    const cmds: PanelCommand[] = [];
    await deleteCatalogue(api(), (c) => cmds.push(c), 'c1');
    await cmds[0]!.undo();
    await cmds[0]!.redo();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`DELETE ${A}/catalogues/c1`, `POST ${A}/catalogues/c1/restore`, `DELETE ${A}/catalogues/c1`]);
    expect(cmds.map((c) => c.kind)).toEqual(['catalogueDelete']);
  });

  it('create: undo deletes it, redo restores it', async () => {
    const calls = fakeFetch((c) => (c.method === 'POST' && c.url.endsWith('/catalogues') ? { status: 201, body: { ...cat, id: 'c7' } } : { body: {} }));
    const cmds: PanelCommand[] = [];
    const made = await createCatalogue(api(), (c) => cmds.push(c), { name: 'Regalos', photo: null });
    expect(made.id).toBe('c7');
    await cmds[0]!.undo();
    await cmds[0]!.redo();
    expect(calls.slice(1).map((c) => `${c.method} ${c.url}`)).toEqual([`DELETE ${A}/catalogues/c7`, `POST ${A}/catalogues/c7/restore`]);
  });

  it('a new photo: undo sends the old one back, uploaded again when the server deleted it', async () => {
    let refused = true;
    const calls = fakeFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/media/')) return { blob: new Blob(['png'], { type: 'image/png' }) };
      if (c.url.endsWith('/admin/uploads')) return { status: 201, body: { url: '/media/again.png' } };
      const b = c.body as { photo?: string };
      if (c.method === 'PATCH' && b.photo === '/media/old.png' && refused) { refused = false; return { status: 400, body: { error: { code: 'validation_error', message: 'x', fields: { photo: ['upload first'] } } } }; }
      return { body: { ...cat, photo: b.photo ?? cat.photo } };
    });
    const cmds: PanelCommand[] = [];
    await editCatalogue(api(), (c) => cmds.push(c), cat, { photo: '/media/new.png' });
    await cmds[0]!.undo();
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches).toEqual([{ photo: '/media/new.png' }, { photo: '/media/old.png' }, { photo: '/media/again.png' }]);
    await cmds[0]!.redo();
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', url: `${A}/catalogues/c1`, body: { photo: '/media/new.png' } });
    expect(cmds.map((c) => c.kind)).toEqual(['catalogueEdit']);
  });
});
