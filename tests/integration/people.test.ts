// Collaborators, invitations, the permissions they grant, the tour setting and the advisor card (issue 14), over
// HTTP against the demo data (src/db/seed/people.ts).
import { describe, expect, it } from 'vitest';
import { Client, mailedCode } from '../support/http.ts';
import * as advisor from '../../src/domain/people/advisor.ts';
import { loadConfig, type Env } from '../../src/lib/server/config.ts';

const heartbeatEnabled = (env: Env) => advisor.heartbeatEnabled(loadConfig(env));

const API = '/api/shops/demo-03/admin/collaborators';
const rand = () => Math.random().toString(36).slice(2, 10);

async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}
const patch = (c: Client, path: string, body: unknown) => c.request('PATCH', path, { body });
const del = (c: Client, path: string) => c.request('DELETE', path);

/** The token of the newest invitation link mailed to `email` (the demo outbox, newest first). */
async function tokenFor(email: string): Promise<string> {
  const page = (await new Client().get('/dev/outbox')).text;
  const at = page.indexOf(email);
  const token = page.slice(at).match(/invitacion\?token=([\w-]+)/)?.[1];
  if (at < 0 || !token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

describe('collaborators API (seed 001 §7)', () => {
  it('answers 401 anonymous, 403 to people who are not the shop\'s admins, 404 for an unknown shop', async () => {
    expect((await new Client().get(API)).status).toBe(401);
    expect((await (await as('cliente@demo.test')).get(API)).status).toBe(403);
    expect((await (await as('emprendedor@demo.test')).get(API)).status).toBe(403);
    const admin = await as('admin03@demo.test');
    expect((await admin.get('/api/shops/no-such-shop/admin/collaborators')).status).toBe(404);
    expect((await admin.get('/api/shops/demo-04/admin/collaborators')).status).toBe(403);
  });

  it('lists the members (not the owner) and the pending invitation, and searches them', async () => {
    const admin = await as('admin03@demo.test');
    const all = (await admin.get(`${API}?limit=50`)).json();
    const byEmail = Object.fromEntries(all.results.map((c: { email: string }) => [c.email, c]));
    expect(byEmail['repartidor@demo.test']).toMatchObject({ state: 'active', permissions: ['dispatcher'] });
    expect(byEmail['emprendedor@demo.test']).toMatchObject({ state: 'active', permissions: ['accountant'] });
    expect(byEmail['invitado@demo.test']).toMatchObject({ state: 'pending', permissions: ['dispatcher'], name: null });
    expect(byEmail['admin03@demo.test']).toBeUndefined();
    const found = (await admin.get(`${API}?text=repart`)).json();
    expect(found.results.map((c: { email: string }) => c.email)).toEqual(['repartidor@demo.test']);
    const profiles = (await admin.get(`${API}/profiles`, { headers: { 'accept-language': 'en' } })).json();
    expect(profiles.results.map((p: { id: string }) => p.id)).toEqual(['admin', 'accountant', 'dispatcher', 'qrreader']);
    expect(profiles.results[2].name).toBe('Dispatcher');
  });

  it('refuses bad input with 400 and field messages', async () => {
    const admin = await as('admin03@demo.test');
    for (const body of [{ email: 'not-an-email', permissions: ['admin'] }, { email: 'x@demo.test', permissions: [] }, { email: 'x@demo.test', permissions: ['root'] }, { email: 'x@demo.test' }]) {
      const r = await admin.post(API, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json().error.code).toBe('validation_error');
    }
    expect((await admin.post(API, { email: 'a\u0000b@demo.test', permissions: ['admin'] })).status).toBe(400);
    expect((await patch(admin, `${API}/not-a-uuid`, { permissions: ['admin'] })).status).toBe(404);
  });

  it('invites an existing account (never binds it at once), changes and removes it; the permission opens the orders and closes with it', async () => {
    const admin = await as('admin03@demo.test');
    const other = await as('admin04@demo.test');
    expect((await other.get('/api/shops/demo-03/orders')).status).toBe(403);
    const added = await admin.post(API, { email: 'ADMIN04@demo.test', permissions: ['accountant'] });
    expect(added.status).toBe(201);
    expect(added.json()).toMatchObject({ state: 'pending', email: 'admin04@demo.test', permissions: ['accountant'] });
    expect((await other.get('/api/shops/demo-03/orders')).status).toBe(403);
    expect((await other.post('/api/invitations/accept', { token: await tokenFor('admin04@demo.test') })).status).toBe(200);
    const id = (await admin.get(`${API}?text=admin04`)).json().results[0].id;
    expect((await other.get('/api/shops/demo-03/orders')).status).toBe(200);
    expect((await other.get('/api/me/collaborations')).json().results.map((s: { store_name: string }) => s.store_name)).toContain((await other.get('/api/shops/demo-03')).json().name);
    const again = await admin.post(API, { email: 'admin04@demo.test', permissions: ['admin'] });
    expect(again.status).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    const changed = await patch(admin, `${API}/${id}`, { permissions: ['qrreader'] });
    expect(changed.json()).toMatchObject({ id, permissions: ['qrreader'] });
    expect((await other.get('/api/shops/demo-03/orders')).status).toBe(403);
    expect((await other.get('/demo-03/admin/boletos')).status).toBe(200);
    expect((await admin.request('PUT', `${API}/${id}/refresh`)).status).toBe(409);
    expect((await del(admin, `${API}/${id}`)).json()).toMatchObject({ id, deleted: true });
    expect((await del(admin, `${API}/${id}`)).status).toBe(404);
    expect((await other.get('/demo-03/admin/boletos')).status).not.toBe(200);
  });

  it('never binds whoever registered the e-mail first: the invitation goes to the mailbox, and only its proven owner joins', async () => {
    const admin = await as('admin03@demo.test');
    const email = `staff-${rand()}@demo.test`;
    // Someone signs up with the staff member's e-mail: no session, and the password does not sign in before the proof.
    const attacker = new Client();
    expect((await attacker.post('/api/auth/signup', { email, password: 'attacker-password', name: 'Intrusa' })).status).toBe(202);
    expect((await attacker.get('/api/me')).json().authenticated).toBe(false);
    const login = await attacker.post('/api/auth/login', { email, password: 'attacker-password' });
    expect(login.status).toBe(403);
    expect(login.json().error.code).toBe('email_unverified');
    // The admin adds that e-mail as dispatcher: an invitation, no membership.
    const added = await admin.post(API, { email, permissions: ['dispatcher'] });
    expect(added.json()).toMatchObject({ state: 'pending', email });
    expect((await attacker.post('/api/invitations/accept', { token: await tokenFor(email) })).status).toBe(401);
    // The mailbox's owner proves it with the code mailed to it and accepts; the attacker's password is not theirs.
    const owner = new Client();
    expect((await owner.post('/api/auth/pin/request', { email })).status).toBe(202);
    expect((await owner.post('/api/auth/pin/verify', { email, pin: await mailedCode(email) })).status).toBe(200);
    expect((await owner.post('/api/invitations/accept', { token: await tokenFor(email) })).status).toBe(200);
    expect((await owner.get('/api/shops/demo-03/orders')).status).toBe(200);
    expect((await new Client().post('/api/auth/login', { email, password: 'attacker-password' })).status).toBe(401);
  });

  it('refuses the owner and another shop\'s collaborator ids', async () => {
    const admin = await as('admin03@demo.test');
    expect((await admin.post(API, { email: 'admin03@demo.test', permissions: ['admin'] })).status).toBe(409);
    // repartidor is demo-03's member, not demo-04's: demo-04's owner cannot reach it.
    const list = (await admin.get(`${API}?text=repartidor`)).json();
    const other = await as('admin04@demo.test');
    expect((await patch(other, `/api/shops/demo-04/admin/collaborators/${list.results[0].id}`, { permissions: ['admin'] })).status).toBe(404);
    expect((await del(other, `/api/shops/demo-04/admin/collaborators/${list.results[0].id}`)).status).toBe(404);
  });

  it('invites an unknown e-mail, resends with a new link, and the invitee accepts after signing up', async () => {
    const admin = await as('admin03@demo.test');
    const email = `colab-${rand()}@demo.test`;
    const r = await admin.post(API, { email, permissions: ['dispatcher'] });
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ state: 'pending', email, permissions: ['dispatcher'] });
    expect((await admin.post(API, { email, permissions: ['admin'] })).status).toBe(409);
    const first = await tokenFor(email);
    const refreshed = await admin.request('PUT', `${API}/${r.json().id}/refresh`);
    expect(refreshed.status).toBe(200);
    const token = await tokenFor(email);
    expect(token).not.toBe(first);

    // Anyone may read the invitation; accepting needs the invited e-mail signed in.
    const page = await new Client().get(`/demo-03/invitacion?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(email);
    expect((await new Client().post('/api/invitations/accept', { token })).status).toBe(401);
    const wrong = await as('cliente@demo.test');
    expect((await wrong.post('/api/invitations/accept', { token })).status).toBe(403);

    const invitee = new Client();
    await invitee.signup(email, 'Nueva Colaboradora');
    expect((await invitee.post('/api/invitations/accept', { token: first })).status).toBe(404);
    const ok = await invitee.post('/api/invitations/accept', { token });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ shop_slug: 'demo-03', permissions: ['dispatcher'] });
    expect((await invitee.post('/api/invitations/accept', { token })).status).toBe(404);
    expect((await invitee.get('/api/me/collaborations')).json().results.length).toBe(1);
    expect((await invitee.get('/api/shops/demo-03/orders')).status).toBe(200);
    expect((await invitee.get('/demo-03/admin/pedidos')).status).toBe(200);
    const listed = (await admin.get(`${API}?text=${email}`)).json().results;
    expect(listed).toMatchObject([{ state: 'active', email, permissions: ['dispatcher'] }]);
  });

  it('keeps the invitation of an e-mail that signs up after being invited: its proven owner accepts it', async () => {
    const admin = await as('admin03@demo.test');
    const email = `colab-${rand()}@demo.test`;
    expect((await admin.post(API, { email, permissions: ['accountant'] })).json().state).toBe('pending');
    const late = new Client();
    await late.signup(email, 'Tardía');
    expect((await admin.post(API, { email, permissions: ['accountant'] })).status).toBe(409);
    expect((await late.post('/api/invitations/accept', { token: await tokenFor(email) })).status).toBe(200);
    const listed = (await admin.get(`${API}?text=${email}`)).json();
    expect(listed).toMatchObject({ matches_estimated: 1, results: [{ state: 'active', email }] });
  });

  it('accepts through the invitation page without script', async () => {
    const admin = await as('admin03@demo.test');
    const email = `colab-${rand()}@demo.test`;
    await admin.post(API, { email, permissions: ['qrreader'] });
    const token = await tokenFor(email);
    const invitee = new Client();
    await invitee.signup(email, 'Puerta');
    const r = await invitee.request('POST', `/demo-03/invitacion?token=${token}`, { raw: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/demo-03/invitacion?aceptada=1');
    expect((await invitee.get('/demo-03/admin/boletos')).status).toBe(200);
    expect((await new Client().get('/demo-03/invitacion?token=nope-nope-nope-nope-nope')).status).toBe(404);
  });
});

describe('invitation mails are limited per shop', () => {
  it('answers 429 past 30 invitation mails in an hour', async () => {
    const admin = await as('adminbasic@demo.test');
    const api = '/api/shops/demo-basic/admin/collaborators';
    for (let i = 0; i < 30; i++) expect((await admin.post(api, { email: `lote-${rand()}@demo.test`, permissions: ['qrreader'] })).status).toBe(201);
    const r = await admin.post(api, { email: `lote-${rand()}@demo.test`, permissions: ['qrreader'] }, { headers: { 'accept-language': 'en' } });
    expect(r.status).toBe(429);
    expect(r.json().error).toMatchObject({ code: 'rate_limited' });
    expect(r.json().error.message).toMatch(/invitations in the last hour/);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('tour setting (GET/PATCH /api/me/tour)', () => {
  it('starts undismissed, stores the choice, refuses anonymous and bad input', async () => {
    expect((await new Client().get('/api/me/tour')).status).toBe(401);
    const c = new Client();
    const email = `tour-${rand()}@demo.test`;
    await c.signup(email, 'Tour');
    expect((await c.get('/api/me/tour')).json()).toEqual({ show_tour: false, dismissed: false });
    expect((await patch(c, '/api/me/tour', { show_tour: true })).json()).toEqual({ show_tour: true, dismissed: true });
    expect((await c.get('/api/me/tour')).json()).toEqual({ show_tour: true, dismissed: true });
    expect((await patch(c, '/api/me/tour', { show_tour: false })).json().show_tour).toBe(false);
    expect((await patch(c, '/api/me/tour', { show_tour: 'maybe' })).status).toBe(400);
    expect((await c.get('/api/me/tour')).json().show_tour).toBe(false);
  });
});

describe('advisor card', () => {
  it('gives a network shop\'s staff the network owner, with the 10-digit phone formatted', async () => {
    const a = (await (await as('admin03@demo.test')).get('/api/shops/demo-03/advisor')).json();
    expect(a).toMatchObject({ name: 'Carmen Villalobos', phone: '(551) 234-5678', whatsapp_url: 'https://wa.me/525512345678', email: 'coordinador@demo.test' });
    // 'Mensaje privado' is the shop's thread with its advisor (issue 26), at the shop's address.
    expect(new URL(a.message_url).pathname).toBe('/admin/asesor');
  });

  it('gives other shops the default advisor (a 12-digit phone shows no phone) and shows presence from heartbeats', async () => {
    const advisor = await as('asesoria@demo.test');
    expect((await advisor.post('/api/me/heartbeat')).json()).toEqual({ enabled: true });
    expect((await new Client().post('/api/me/heartbeat')).status).toBe(401);
    const a = (await (await as('admin04@demo.test')).get('/api/shops/demo-04/advisor')).json();
    expect(a).toMatchObject({ name: 'Soporte Tiendas', phone: null, online: true });
  });

  it('is for the shop\'s staff only', async () => {
    expect((await new Client().get('/api/shops/demo-03/advisor')).status).toBe(401);
    expect((await (await as('cliente@demo.test')).get('/api/shops/demo-03/advisor')).status).toBe(404);
    const page = await (await as('repartidor@demo.test')).get('/demo-03/');
    expect(page.text).toContain('data-testid="advisor-button"');
    const anon = await new Client().get('/demo-03/');
    expect(anon.text).not.toContain('advisor-button');
    expect(anon.text).not.toContain('admin-tour');
  });
});

// Moved from tests/unit/people-rules.test.ts: advisor.ts loads the database layer, which a unit test must not.
describe('heartbeat switch', () => {
  it('is on unless HEARTBEAT says off', () => {
    expect(heartbeatEnabled({})).toBe(true);
    expect(heartbeatEnabled({ HEARTBEAT: '1' })).toBe(true);
    for (const v of ['off', 'OFF', '0', 'false', 'no']) expect(heartbeatEnabled({ HEARTBEAT: v })).toBe(false);
  });
});
