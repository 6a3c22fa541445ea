// The blog editor (seed 001 §4, §5, §8): the title is required before anything is sent (error toast 'Error, the blog
// needs to contain a title !.'), the server's field errors show under their fields with the incomplete-request
// warning, a network failure warns 'An error has occurred', a slow answer warns that it may take longer, success
// says so and returns to the read-only entry, and an existing entry can be deleted after a confirmation.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import BlogEditor, { SLOW_SAVE_MS, type BlogEditorEntry } from '../../islands/blog/BlogEditor.tsx';
import { defaultBlogLabels as L } from '../../islands/blog/labels.ts';

const API = 'http://localhost/api/shops/demo-fifth/admin/blogs';
const sent: { method: string; body: unknown }[] = [];
let reply: () => Response | Promise<Response> = () => HttpResponse.json({ id: 'new-id' }, { status: 201 });
const server = setupServer(
  http.post(API, async ({ request }) => { sent.push({ method: 'POST', body: await request.json() }); return reply(); }),
  http.patch(`${API}/:id`, async ({ request }) => { sent.push({ method: 'PATCH', body: await request.json() }); return reply(); }),
  http.delete(`${API}/:id`, ({ params }) => { sent.push({ method: 'DELETE', body: params.id }); return HttpResponse.json({ id: params.id, deleted: true }); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup(); server.resetHandlers(); sent.length = 0; vi.useRealTimers();
  reply = () => HttpResponse.json({ id: 'new-id' }, { status: 201 });
});
afterAll(() => server.close());

const ENTRY: BlogEditorEntry = {
  id: 'e1', title: 'Cómo cuidar el barro', tags: ['barro', 'hogar'], image: null, list_state: 'published',
  content: '<p>Hola <strong>mundo</strong></p>', content_json: null,
};

async function setup(entry: BlogEditorEntry | null = null) {
  const navigate = vi.fn();
  render(<BlogEditor slug="demo-fifth" base="/demo-fifth" entry={entry} apiBase="http://localhost" navigate={navigate} />);
  // tiptap creates its editor after the first render (immediatelyRender: false).
  await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
  return navigate;
}
const title = () => screen.getByLabelText(L.fieldTitle) as HTMLInputElement;
const save = () => act(async () => { fireEvent.click(screen.getByRole('button', { name: L.save })); });

describe('BlogEditor', () => {
  it('requires a title: field error and the error toast, nothing sent', async () => {
    const navigate = await setup();
    fireEvent.change(title(), { target: { value: '   ' } });
    await save();
    expect(await screen.findAllByText(L.titleRequired)).toHaveLength(2); // under the field and in the toast
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('checks the title length and the tags before sending', async () => {
    await setup();
    fireEvent.change(title(), { target: { value: 'x'.repeat(151) } });
    fireEvent.change(screen.getByLabelText(L.fieldTags), { target: { value: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') } });
    await save();
    expect(await screen.findByText(L.titleTooLong)).toBeTruthy();
    expect(screen.getByText(L.tagsInvalid)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('creates: sends the fields and the editor content, says so and opens the saved entry', async () => {
    const navigate = await setup();
    fireEvent.change(title(), { target: { value: '  Nueva entrada ' } });
    fireEvent.change(screen.getByLabelText(L.fieldTags), { target: { value: 'café, viajes, café' } });
    fireEvent.click(screen.getByRole('switch'));
    await save();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/demo-fifth/blogs/new-id?guardado=1'));
    expect(sent).toEqual([{
      method: 'POST',
      body: { title: 'Nueva entrada', tags: ['café', 'viajes'], image: null, list_state: 'published', content: '<p></p>', content_json: { type: 'doc', content: [{ type: 'paragraph' }] } },
    }]);
    expect(screen.getByText(L.saved)).toBeTruthy();
  });

  it("shows the server's field errors under their fields, others in a list, with the incomplete-request warning", async () => {
    reply = () => HttpResponse.json({ error: { code: 'validation_error', message: 'Some fields are not valid', fields: {
      title: ['conflict'], image: ['upload the image first'], content: ['at most 200000 characters'],
    } } }, { status: 400 });
    const navigate = await setup();
    fireEvent.change(title(), { target: { value: 'Repetida' } });
    await save();
    expect(await screen.findByText('conflict')).toBeTruthy();
    expect(screen.getByText('upload the image first')).toBeTruthy();
    expect(screen.getByText('content: at most 200000 characters')).toBeTruthy();
    expect(screen.getByText('Some fields are not valid')).toBeTruthy();
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("uses 'Incomplete Request' when a 400 brings no message, and warns 'An error has occurred' when the network fails", async () => {
    reply = () => HttpResponse.json({ error: { code: 'bad_request' } }, { status: 400 });
    await setup();
    fireEvent.change(title(), { target: { value: 'Algo' } });
    await save();
    expect(await screen.findByText(L.incompleteRequest)).toBeTruthy();
    reply = () => HttpResponse.error();
    await save();
    expect(await screen.findByText(L.networkError)).toBeTruthy();
  });

  it('warns that the request may take longer when the server is slow', async () => {
    let release!: () => void;
    reply = async () => { await new Promise<void>((r) => { release = r; }); return HttpResponse.json({ id: 'e1' }); };
    await setup(ENTRY);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await save();
    await act(async () => { await vi.advanceTimersByTimeAsync(SLOW_SAVE_MS - 100); });
    expect(screen.queryByText(L.slowServer)).toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(100); });
    expect(screen.getByText(L.slowServer)).toBeTruthy();
    vi.useRealTimers();
    await act(async () => { release(); await delay(10); });
    await waitFor(() => expect(screen.getByText(L.saved)).toBeTruthy());
  });

  it('edits: opens the stored entry, sends a PATCH, and deletes after confirming', async () => {
    const navigate = await setup(ENTRY);
    expect(title().value).toBe('Cómo cuidar el barro');
    expect((screen.getByLabelText(L.fieldTags) as HTMLInputElement).value).toBe('barro, hogar');
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('.ProseMirror strong')?.textContent).toBe('mundo');
    expect(screen.getByRole('link', { name: L.cancel }).getAttribute('href')).toBe('/demo-fifth/blogs/e1');
    reply = () => HttpResponse.json({ id: 'e1' });
    fireEvent.click(screen.getByRole('switch'));
    await save();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/demo-fifth/blogs/e1?guardado=1'));
    expect(sent[0]).toMatchObject({ method: 'PATCH', body: { list_state: 'unpublished', content: '<p>Hola <strong>mundo</strong></p>' } });

    fireEvent.click(screen.getByRole('button', { name: L.delete }));
    expect(sent).toHaveLength(1);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: L.confirmDeleteYes })); });
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/demo-fifth/blogs'));
    expect(sent[1]).toEqual({ method: 'DELETE', body: 'e1' });
  });
});
