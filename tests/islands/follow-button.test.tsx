// The follow button of the promoted network (seed 000 §4, §7, §8): before hydration it is a plain POST form to the
// page (works without script); hydrated, a press flips it at once, sends PUT / DELETE /api/me/follows/{id}, and a
// failure flips it back with a toast titled 'Failed' carrying the follow-failure message.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import FollowButton from '../../islands/promoted/FollowButton.tsx';
import { getT } from '../../src/lib/i18n/index.ts';
import { absoluteFetch } from './cart-fixtures.ts';

const ID = '00000000-0000-4000-8000-0000000000f1';
const t = getT('en');
const labels = { follow: t('follow.follow'), unfollow: t('follow.unfollow'), failedTitle: t('promoted.failedTitle'), failed: t('follow.failed'), close: t('promoted.close') };
const props = { profileId: ID, name: 'Lucía', action: '/demo-03/promoted?OnlyChilds=true', labels };

const calls: string[] = [];
let reply: () => Response | Promise<Response> = () => HttpResponse.json({ id: ID, following: true });
const server = setupServer(
  http.put('http://localhost/api/me/follows/:id', ({ params }) => { calls.push(`PUT ${params.id}`); return reply(); }),
  http.delete('http://localhost/api/me/follows/:id', ({ params }) => { calls.push(`DELETE ${params.id}`); return reply(); }),
);
let restore = () => {};
beforeAll(() => { server.listen({ onUnhandledRequest: 'error' }); restore = absoluteFetch(); });
afterEach(() => { cleanup(); server.resetHandlers(); calls.length = 0; reply = () => HttpResponse.json({ id: ID, following: true }); });
afterAll(() => { server.close(); restore(); });

describe('FollowButton', () => {
  it('renders a form that posts to the page before hydration, with the profile and what to do', () => {
    const html = renderToString(<FollowButton {...props} following={false} />);
    expect(html).toContain('method="post"');
    expect(html).toContain('action="/demo-03/promoted?OnlyChilds=true"');
    expect(html).toMatch(/name="profile" value="00000000-0000-4000-8000-0000000000f1"/);
    expect(html).toMatch(/name="follow" value="true"/);
    expect(html).not.toContain('inert');
  });

  it('follows at once and unfollows, with PUT then DELETE', async () => {
    render(<FollowButton {...props} following={false} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    let resolve: (r: Response) => void = () => {};
    reply = () => new Promise<Response>((r) => { resolve = r; });
    fireEvent.click(button);
    // Optimistic: pressed before the answer.
    expect(screen.getByRole('button', { name: 'Unfollow' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls).toEqual([`PUT ${ID}`]));
    await act(async () => { resolve(HttpResponse.json({ id: ID, following: true })); });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' }).getAttribute('aria-busy')).toBeNull());
    reply = () => HttpResponse.json({ id: ID, following: false });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Unfollow' })); });
    await screen.findByRole('button', { name: 'Follow' });
    expect(calls).toEqual([`PUT ${ID}`, `DELETE ${ID}`]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reverts and shows the Failed toast when the server refuses', async () => {
    reply = () => HttpResponse.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
    render(<FollowButton {...props} following />);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Unfollow' })); });
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Failed');
    expect(toast.textContent).toContain(t('follow.failed'));
    expect(screen.getByRole('button', { name: 'Unfollow' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: t('promoted.close') }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reverts when the network fails', async () => {
    reply = () => HttpResponse.error();
    render(<FollowButton {...props} following={false} />);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Follow' })); });
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-pressed')).toBe('false');
  });
});
