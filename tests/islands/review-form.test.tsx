// The review modal (seed 001 §2 review modal: rating, title, text, photos) on the buyer's order page: its own
// validation before any request, photo picking and uploading, the server's refusals shown where they belong
// (fields, or above the form: not delivered, already reviewed), creating, editing and deleting.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ReviewEntry from '../../islands/reviews/ReviewEntry.tsx';
import { defaultReviewLabels as L, fmt } from '../../islands/reviews/labels.ts';
import type { ReviewView } from '../../src/domain/reviews/schema.ts';
import { absoluteFetch } from './cart-fixtures.ts';

const PRODUCT = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Rebozo de algodón', photo: null, href: '/demo-03/productos/o1/00000000-0000-4000-8000-0000000000a1' };
const PHOTO_ID = '00000000-0000-4000-8000-0000000000b1';
const view = (over: Partial<ReviewView> = {}): ReviewView => ({
  id: '00000000-0000-4000-8000-0000000000c1', product_id: PRODUCT.id, rating: 4, title: 'Muy bonito', text: 'Llegó a tiempo', photos: [],
  author: { name: 'Rosa M.' }, verified_purchase: true, created_at: '2026-02-22T07:00:00.000Z', updated_at: '2026-02-22T07:00:00.000Z',
  edited: false, answer: null, ...over,
});

let sent: { method: string; url: string; body: unknown }[] = [];
let answer: (body: Record<string, unknown>) => Response = (body) => HttpResponse.json(view(body as Partial<ReviewView> & { photos?: never }), { status: 201 });
let uploadAnswer: () => Response = () => HttpResponse.json({ id: PHOTO_ID, url: `/media/${PHOTO_ID}.png`, width: 64, height: 64, content_type: 'image/png', byte_size: 100 }, { status: 201 });
const server = setupServer(
  http.post('http://localhost/api/reviews', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: 'POST', url: request.url, body });
    return answer(body);
  }),
  http.patch('http://localhost/api/reviews/:id', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: 'PATCH', url: request.url, body });
    return HttpResponse.json(view({ ...(body as object), photos: [] }));
  }),
  http.delete('http://localhost/api/reviews/:id', ({ request }) => {
    sent.push({ method: 'DELETE', url: request.url, body: null });
    return HttpResponse.json({ deleted: true });
  }),
  http.post('http://localhost/api/reviews/photos', ({ request }) => {
    sent.push({ method: 'POST', url: request.url, body: null });
    return uploadAnswer();
  }),
);
let restore: () => void = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
beforeEach(() => {
  sent = [];
  answer = (body) => HttpResponse.json(view({ rating: body.rating as number, title: body.title as string, text: body.text as string }), { status: 201 });
  uploadAnswer = () => HttpResponse.json({ id: PHOTO_ID, url: `/media/${PHOTO_ID}.png`, width: 64, height: 64, content_type: 'image/png', byte_size: 100 }, { status: 201 });
});
afterEach(() => { cleanup(); server.resetHandlers(); });
afterAll(() => { restore(); server.close(); });

async function flush() {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}
function open(initial: ReviewView | null = null) {
  render(<ReviewEntry product={PRODUCT} initial={initial} />);
  fireEvent.click(screen.getByRole('button', { name: initial ? L.edit : L.write }));
  return screen.getByRole('dialog', { name: fmt(L.modalTitle, { name: PRODUCT.name }) });
}
// The label's star glyph is aria-hidden; its text is the accessible name.
const star = (n: number) => screen.getByLabelText(new RegExp(`${(L as Record<string, string>)[`star${n}`]} – ${(L as Record<string, string>)[`rating${n}`]}$`));
const submit = async (label = L.submit) => { fireEvent.click(screen.getByRole('button', { name: label })); await flush(); };
const pngFile = (name = 'foto.png', type = 'image/png', bytes = 200) => new File([new Uint8Array(bytes)], name, { type });

describe('review modal', () => {
  it('opens from the order page button as a labelled dialog and closes with Escape', async () => {
    const dialog = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('group', { name: L.rating })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a rating and keeps title and text within their limits before sending anything', async () => {
    open();
    await submit();
    expect(screen.getByText(L.ratingRequired)).toBeTruthy();
    expect(star(1).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText(L.titleLabel), { target: { value: 'x'.repeat(121) } });
    fireEvent.change(screen.getByLabelText(L.textLabel), { target: { value: 'y'.repeat(2001) } });
    fireEvent.click(star(5));
    await submit();
    expect(screen.getByText(fmt(L.tooLong, { max: 120 }))).toBeTruthy();
    expect(screen.getByText(fmt(L.tooLong, { max: 2000 }))).toBeTruthy();
    expect(screen.getByText(fmt(L.counter, { n: 121, max: 120 }))).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('uploads picked photos, refuses other files, and publishes the review with them', async () => {
    open();
    const input = screen.getByTestId('review-photo-input');
    await act(async () => { fireEvent.change(input, { target: { files: [pngFile('dibujo.gif', 'image/gif')] } }); });
    await flush();
    expect(screen.getByText(L.photoRejected)).toBeTruthy();
    await act(async () => { fireEvent.change(input, { target: { files: [pngFile('grande.png', 'image/png', 4_000_001)] } }); });
    await flush();
    expect(screen.getByText(L.photoRejected)).toBeTruthy();
    expect(sent).toHaveLength(0);
    await act(async () => { fireEvent.change(input, { target: { files: [pngFile()] } }); });
    await flush();
    expect(sent.map((s) => s.url)).toEqual(['http://localhost/api/reviews/photos']);
    expect(screen.getByRole('img', { name: fmt(L.photoN, { n: 1 }) }).getAttribute('src')).toBe(`/media/${PHOTO_ID}.png`);
    expect(screen.getByRole('button', { name: fmt(L.removePhoto, { n: 1 }) })).toBeTruthy();

    fireEvent.click(star(4));
    fireEvent.change(screen.getByLabelText(L.titleLabel), { target: { value: '  Muy bonito  ' } });
    fireEvent.change(screen.getByLabelText(L.textLabel), { target: { value: 'Llegó a tiempo' } });
    await submit();
    expect(sent[1]).toEqual({ method: 'POST', url: 'http://localhost/api/reviews', body: { product_id: PRODUCT.id, rating: 4, title: 'Muy bonito', text: 'Llegó a tiempo', photos: [PHOTO_ID] } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(L.published);
    expect(screen.getByRole('link', { name: L.seeOnProduct }).getAttribute('href')).toBe(`${PRODUCT.href}#opiniones`);
    expect(screen.getByRole('button', { name: L.edit })).toBeTruthy();
    expect(screen.getByText(fmt(L.yourRating, { rating: 4 }), { exact: false })).toBeTruthy();
  });

  it('a photo the server refuses is taken off with the rejection message', async () => {
    uploadAnswer = () => HttpResponse.json({ error: { code: 'unsupported_media_type', message: 'Imagen rechazada' } }, { status: 415 });
    open();
    await act(async () => { fireEvent.change(screen.getByTestId('review-photo-input'), { target: { files: [pngFile()] } }); });
    await flush();
    expect(screen.getByText(L.photoRejected)).toBeTruthy();
    expect(screen.queryByRole('img', { name: fmt(L.photoN, { n: 1 }) })).toBeNull();
  });

  it('shows the server\'s refusals: not delivered and already reviewed above the form, a bad rating on its field', async () => {
    answer = () => HttpResponse.json({ error: { code: 'forbidden', message: 'You can review this product once it is delivered', fields: { product_id: ['You can review this product once your order is delivered'] }, field_codes: { product_id: ['not_delivered'] } } }, { status: 403 });
    open();
    fireEvent.click(star(3));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(L.notDelivered);
    expect(screen.getByRole('dialog')).toBeTruthy();

    answer = () => HttpResponse.json({ error: { code: 'conflict', message: 'You already reviewed this product', fields: { product_id: ['already_reviewed'] } } }, { status: 409 });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(L.alreadyReviewed);

    answer = () => HttpResponse.json({ error: { code: 'validation_error', message: 'The body is not valid', fields: { rating: ['Choose a rating from 1 to 5 stars'] } } }, { status: 400 });
    await submit();
    expect(screen.getByText(L.ratingRequired)).toBeTruthy();

    answer = () => HttpResponse.json({ error: { code: 'internal_error', message: 'An error has occurred, please try again' } }, { status: 500 });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(L.failed);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(4);
  });

  it('edits the buyer\'s review (PATCH) and deletes it after confirming', async () => {
    const existing = view({ photos: [{ id: PHOTO_ID, url: `/media/${PHOTO_ID}.png` }] });
    open(existing);
    expect((star(4) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(L.titleLabel) as HTMLInputElement).value).toBe('Muy bonito');
    fireEvent.click(screen.getByRole('button', { name: fmt(L.removePhoto, { n: 1 }) }));
    fireEvent.click(star(5));
    await submit(L.save);
    expect(sent[0]).toEqual({ method: 'PATCH', url: `http://localhost/api/reviews/${existing.id}`, body: { rating: 5, title: 'Muy bonito', text: 'Llegó a tiempo', photos: [] } });
    expect(screen.getByRole('status').textContent).toContain(L.updated);

    fireEvent.click(screen.getByRole('button', { name: L.edit }));
    fireEvent.click(screen.getByRole('button', { name: L.delete }));
    expect(screen.getByText(L.confirmDelete)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: L.confirmDeleteYes }));
    await flush();
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: `http://localhost/api/reviews/${existing.id}` });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(L.deleted);
    expect(screen.getByRole('button', { name: L.write })).toBeTruthy();
  });
});
