// Social links form (seed 000 §5, issue 9): the API's own rules in the browser. A handle is sent as its profile
// address, text that is no handle and script addresses show the field error and send nothing, and a field the
// API refuses shows its error under the field.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import SocialModal from '../../islands/admin/SocialModal.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { ToastProvider } from '../../islands/admin/ui.tsx';

const patches: Record<string, unknown>[] = [];
let refuse: string | null = null;
const server = setupServer(
  http.patch('http://localhost/api/shops/demo-03/admin/store', async ({ request }) => {
    patches.push(await request.json() as Record<string, unknown>);
    if (refuse) return HttpResponse.json({ error: { code: 'validation_error', message: 'Some fields are not valid', fields: { [refuse]: ['x'] } } }, { status: 400 });
    return HttpResponse.json({});
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); patches.length = 0; refuse = null; });
afterAll(() => server.close());

let saved = 0;
function setup(socials: Record<string, string | null> = {}) {
  saved = 0;
  render(<ToastProvider><SocialModal api={new AdminApi('demo-03', 'http://localhost')} socials={socials} onClose={() => {}} onSaved={() => { saved++; }} /></ToastProvider>);
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: L.save }));

describe('SocialModal', () => {
  it('sends handles as profile addresses and empty fields as null', async () => {
    setup({ facebook: 'https://www.facebook.com/casanorte03' });
    type('Instagram', '@tienda');
    type('Youtube', '@tienda');
    type('Discord', 'https://discord.gg/abc');
    save();
    await waitFor(() => expect(saved).toBe(1));
    expect(patches).toEqual([{
      facebook: 'https://www.facebook.com/casanorte03', instagram: 'https://www.instagram.com/tienda', twitter: null,
      youtube: 'https://www.youtube.com/@tienda', twitch: null, kick: null, discord: 'https://discord.gg/abc',
    }]);
  });

  it('free text and script addresses show the field error and send nothing', async () => {
    setup();
    type('Facebook', 'javascript:alert(document.domain)');
    type('Twitch', 'mi canal');
    type('Discord', 'tienda');
    save();
    await waitFor(() => expect(screen.getByLabelText('Facebook').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Twitch').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Discord').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(L.invalidSocial)).toHaveLength(2);
    expect(screen.getByText(L.invalidUrl)).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('a field the API refuses shows its error', async () => {
    refuse = 'kick';
    setup();
    type('Kick', 'tienda');
    save();
    await waitFor(() => expect(screen.getByLabelText('Kick').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(L.invalidSocial)).toBeTruthy();
    expect(saved).toBe(0);
  });
});
