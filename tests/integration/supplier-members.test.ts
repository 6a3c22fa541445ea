// A supplier's team (/api/supplier/members, /apps/me/supplier/team) and its invitations, over HTTP against the demo
// data: the access matrix, add / invite / change / remove, the owner and oneself protected, accepting (only the
// invited e-mail, once), the permissions really gating the supplier's screens, and the hourly mail limit.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const API = '/api/supplier/members';
const rand = () => Math.random().toString(36).slice(2, 10);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}

/** The token of the newest supplier invitation link mailed to `email` (the demo outbox, newest first). */
async function tokenFor(email: string): Promise<string> {
  const page = (await new Client().get('/dev/outbox')).text;
  const at = page.indexOf(email);
  const token = page.slice(at).match(/supplier\/invitation\?token=([\w-]+)/)?.[1];
  if (at < 0 || !token) throw new Error(`no supplier invitation mailed to ${email}`);
  return token;
}

async function newMember(owner: Client, permissions: string[]) {
  const email = `equipo-${rand()}@demo.test`;
  expect((await owner.post(API, { email, permissions })).status).toBe(201);
  const token = await tokenFor(email);
  const c = new Client();
  await c.signup(email, 'Equipo Nuevo');
  expect((await c.post('/api/supplier/invitations/accept', { token })).status).toBe(200);
  return { email, c };
}

describe('supplier team API: access', () => {
  it('answers 401 anonymous, 403 to people who act for no supplier', async () => {
    expect((await new Client().get(API)).status).toBe(401);
    expect((await new Client().post(API, { email: 'x@demo.test', permissions: ['admin'] })).status).toBe(401);
    expect((await (await as('cliente@demo.test')).get(API)).status).toBe(403);
    expect((await (await as('cliente@demo.test')).get('/apps/me/supplier/team')).status).toBe(403);
  });

  it('lists the owner first; refuses bad input with 400, unknown ids with 404, the owner and oneself with 409', async () => {
    const owner = await as('proveedor@demo.test');
    const list = (await owner.get(API)).json();
    expect(list.results[0]).toMatchObject({ state: 'owner', email: 'proveedor@demo.test', permissions: ['admin', 'dispatcher', 'accountant'] });
    for (const body of [{ email: 'nope', permissions: ['admin'] }, { email: 'x@demo.test', permissions: [] }, { email: 'x@demo.test', permissions: ['qrreader'] }]) {
      const r = await owner.post(API, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json().error.code).toBe('validation_error');
    }
    expect((await owner.post(API, { email: 'a\u0000b@demo.test', permissions: ['admin'] })).status).toBe(400);
    expect((await owner.request('PATCH', `${API}/not-a-uuid`, { body: { permissions: ['admin'] } })).status).toBe(404);
    expect((await owner.request('DELETE', `${API}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    const ownerId = list.results[0].id;
    expect((await owner.request('DELETE', `${API}/${ownerId}`)).status).toBe(409);
    expect((await owner.request('PATCH', `${API}/${ownerId}`, { body: { permissions: ['accountant'] } })).status).toBe(409);
    const self = await owner.post(API, { email: 'proveedor@demo.test', permissions: ['admin'] }, { headers: { 'accept-language': 'en' } });
    expect(self.status).toBe(409);
    expect(self.json().error.message).toMatch(/owns the supplier/);
  });
});

describe('supplier team: invite, accept, permissions', () => {
  it('invites an unknown e-mail; only that e-mail accepts it, once; the role gates the supplier screens', async () => {
    const owner = await as('proveedor@demo.test');
    const email = `equipo-${rand()}@demo.test`;
    const invited = await owner.post(API, { email, permissions: ['accountant'] });
    expect(invited.status).toBe(201);
    expect(invited.json()).toMatchObject({ state: 'pending', email, permissions: ['accountant'] });
    expect((await owner.post(API, { email, permissions: ['admin'] })).status).toBe(409);
    const token = await tokenFor(email);
    expect((await new Client().get(`/apps/me/supplier/invitation?token=${token}`)).text).toContain(email);
    expect((await new Client().post('/api/supplier/invitations/accept', { token })).status).toBe(401);
    expect((await (await as('cliente@demo.test')).post('/api/supplier/invitations/accept', { token })).status).toBe(403);

    const invitee = new Client();
    await invitee.signup(email, 'Contadora');
    expect((await invitee.post('/api/supplier/invitations/accept', { token: 'x'.repeat(40) })).status).toBe(404);
    const ok = await invitee.post('/api/supplier/invitations/accept', { token });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ supplier_name: 'Textiles del Bajío', permissions: ['accountant'] });
    expect((await invitee.post('/api/supplier/invitations/accept', { token })).status).toBe(404);

    // Accountant: reads the products, not the team, the settings or the packing lists.
    expect((await invitee.get('/api/supplier/products')).status).toBe(200);
    expect((await invitee.get('/apps/me/products')).status).toBe(200);
    expect((await invitee.get(API)).status).toBe(403);
    expect((await invitee.get('/apps/me/supplier/team')).status).toBe(403);
    expect((await invitee.get('/apps/me/supplier')).status).toBe(403);
    expect((await invitee.get('/apps/me/supplier/packing')).status).toBe(403);

    const row = (await owner.get(API)).json().results.find((m: { email: string }) => m.email === email);
    expect(row).toMatchObject({ state: 'active', permissions: ['accountant'] });
    // Dispatcher now: the packing lists open, the catalogue does not.
    expect((await owner.request('PATCH', `${API}/${row.id}`, { body: { permissions: ['dispatcher'] } })).json().permissions).toEqual(['dispatcher']);
    expect((await invitee.get('/apps/me/supplier/packing')).status).toBe(200);
    expect((await invitee.get('/api/supplier/products')).status).toBe(403);
    // Admin now: manages the team too, but not itself.
    await owner.request('PATCH', `${API}/${row.id}`, { body: { permissions: ['admin'] } });
    expect((await invitee.get(API)).status).toBe(200);
    expect((await invitee.request('DELETE', `${API}/${row.id}`)).status).toBe(409);
    // Removed: nothing opens any more.
    expect((await owner.request('DELETE', `${API}/${row.id}`)).json()).toEqual({ id: row.id, deleted: true });
    expect((await invitee.get(API)).status).toBe(403);
    expect((await invitee.get('/api/supplier/products')).status).toBe(403);
  });

  it('invites an existing account (never binds it at once); the page forms work without script', async () => {
    const owner = await as('proveedor@demo.test');
    const { email, c } = await newMember(owner, ['dispatcher']);
    const body = `action=add&email=${encodeURIComponent('emprendedor@demo.test')}&permissions=accountant`;
    const r = await owner.request('POST', '/apps/me/supplier/team', { raw: body, headers: FORM });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/apps/me/supplier/team?hecho=invited');
    const list = (await owner.get(API)).json().results;
    expect(list.find((m: { email: string }) => m.email === 'emprendedor@demo.test')).toMatchObject({ state: 'pending', permissions: ['accountant'] });
    expect((await (await as('emprendedor@demo.test')).post('/api/supplier/invitations/accept', { token: await tokenFor('emprendedor@demo.test') })).status).toBe(200);
    const added = (await owner.get(API)).json().results.find((m: { email: string }) => m.email === 'emprendedor@demo.test');
    expect(added).toMatchObject({ state: 'active', permissions: ['accountant'] });
    const again = await owner.request('POST', '/apps/me/supplier/team', { raw: body, headers: FORM });
    expect(again.status).toBe(409);
    const none = await owner.request('POST', '/apps/me/supplier/team', { raw: `action=update&id=${added.id}`, headers: FORM });
    expect(none.status).toBe(400);
    const removed = await owner.request('POST', '/apps/me/supplier/team', { raw: `action=remove&id=${added.id}`, headers: FORM });
    expect(removed.status).toBe(303);
    expect((await owner.get(API)).json().results.some((m: { email: string }) => m.email === 'emprendedor@demo.test')).toBe(false);
    expect((await c.get('/apps/me/supplier/packing')).status).toBe(200);
    expect((await (await owner.get('/apps/me/supplier/team')).text)).toContain(email);
  });
});

describe('supplier team: proven e-mails only (issue 23)', () => {
  it('never binds whoever signed up with the e-mail first; the invitation waits for the proven owner', async () => {
    const owner = await as('proveedor@demo.test');
    const email = `bodega-${rand()}@demo.test`;
    const attacker = new Client();
    expect((await attacker.post('/api/auth/signup', { email, password: 'attacker-password', name: 'Intrusa' })).status).toBe(202);
    expect((await owner.post(API, { email, permissions: ['dispatcher'] })).json()).toMatchObject({ state: 'pending', email });
    expect((await attacker.post('/api/auth/login', { email, password: 'attacker-password' })).json().error.code).toBe('email_unverified');
    expect((await attacker.post('/api/supplier/invitations/accept', { token: await tokenFor(email) })).status).toBe(401);
    expect((await attacker.get('/apps/me/supplier/packing')).status).not.toBe(200);
  });
});

describe('supplier invitation mails are limited per supplier', () => {
  it('answers 429 past 30 invitation mails in an hour', async () => {
    const owner = await as('cafe@demo.test');
    for (let i = 0; i < 30; i++) expect((await owner.post(API, { email: `lote-${rand()}@demo.test`, permissions: ['accountant'] })).status).toBe(201);
    const r = await owner.post(API, { email: `lote-${rand()}@demo.test`, permissions: ['accountant'] }, { headers: { 'accept-language': 'en' } });
    expect(r.status).toBe(429);
    expect(r.json().error).toMatchObject({ code: 'rate_limited' });
    expect(r.json().error.message).toMatch(/invitations in the last hour/);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});
