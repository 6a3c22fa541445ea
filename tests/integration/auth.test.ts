import { describe, expect, it } from 'vitest';
import { Client, mailedCode } from '../support/http.ts';

const unique = () => `user-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`;

describe('sign-up, login, logout', () => {
  it('signs up, proves the e-mail with the mailed code (signed in only then), logs out and stays out', async () => {
    const c = new Client();
    const email = unique();
    const r = await c.post('/api/auth/signup', { email, password: 'a-long-password', name: 'Lucía Pérez' });
    expect(r.status).toBe(202);
    expect(r.json()).toEqual({ status: 'check_email', email });
    expect(String(r.headers['set-cookie'] ?? '')).not.toMatch(/sid=/);
    expect((await c.get('/api/me')).json().authenticated).toBe(false);
    const v = await c.post('/api/auth/pin/verify', { email, pin: await mailedCode(email) });
    expect(v.status).toBe(200);
    const cookie = String(v.headers['set-cookie']);
    expect(cookie).toMatch(/sid=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = (await c.get('/api/me')).json();
    expect(me).toMatchObject({ authenticated: true, user: { email, name: 'Lucía Pérez', user_level: 'ul0' } });
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await c.get('/api/me')).json().authenticated).toBe(false);
    // The password chosen at the sign-up works now that the e-mail is proven.
    expect((await new Client().post('/api/auth/login', { email, password: 'a-long-password' })).status).toBe(200);
  });

  it('answers a taken e-mail (any case) exactly like a new one; its owner is mailed a sign-in PIN instead', async () => {
    const email = unique();
    await new Client().signup(email, 'A');
    const taken = await new Client().post('/api/auth/signup', { email: email.toUpperCase(), password: 'another-password', name: 'B' });
    const fresh = unique();
    const unused = await new Client().post('/api/auth/signup', { email: fresh.toUpperCase(), password: 'another-password', name: 'B' });
    expect(taken.status).toBe(202);
    expect(unused.status).toBe(202);
    expect(taken.json()).toEqual({ status: 'check_email', email });
    expect(unused.json()).toEqual({ status: 'check_email', email: fresh });
    expect(String(taken.headers['set-cookie'] ?? '')).not.toMatch(/sid=/);
    expect(Object.keys(taken.headers).filter((k) => k !== 'date').sort()).toEqual(Object.keys(unused.headers).filter((k) => k !== 'date').sort());
    const outbox = (await new Client().get('/dev/outbox')).text;
    const mail = outbox.slice(outbox.indexOf(email), outbox.indexOf(email) + 1500);
    expect(mail).toMatch(/ya tienes una|already have one/);
    // Nothing changed: the owner's password still signs in, the one typed at the sign-up does not.
    expect((await new Client().post('/api/auth/login', { email, password: 'another-password' })).status).toBe(401);
    expect((await new Client().post('/api/auth/login', { email, password: 'a-long-password' })).status).toBe(200);
  });

  it('limits sign-ups from one address (429 with retry-after); another address is unaffected', async () => {
    const c = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await c.post('/api/auth/signup', { email: unique(), password: 'a-long-password', name: 'Lote' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    const r = await c.post('/api/auth/signup', { email: unique(), password: 'a-long-password', name: 'Lote' });
    expect(r.json().error.code).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await new Client().post('/api/auth/signup', { email: unique(), password: 'a-long-password', name: 'Otra' })).status).toBe(202);
  });

  it('logs in a demo user and a wrong password is a 401', async () => {
    const c = new Client();
    const ok = await c.post('/api/auth/login', { email: 'cliente@demo.test', password: 'demo-password-1' });
    expect(ok.status).toBe(200);
    expect(ok.json().user.email).toBe('cliente@demo.test');
    const bad = await new Client().post('/api/auth/login', { email: 'cliente@demo.test', password: 'nope' });
    expect(bad.status).toBe(401);
    expect(bad.json().error.code).toBe('invalid_credentials');
  });

  it('turns bad input into clear 4xx answers, never 500', async () => {
    const c = new Client();
    const malformed = await c.request('POST', '/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');
    const wrongTypes = await c.post('/api/auth/signup', { email: 42, password: ['x'], name: null });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.json().error.fields)).toEqual(expect.arrayContaining(['email', 'password', 'name']));
    const media = await c.request('POST', '/api/auth/login', { raw: 'email=x', headers: { 'content-type': 'text/xml' } });
    expect(media.status).toBe(415);
    const method = await c.get('/api/auth/login');
    expect(method.status).toBeGreaterThanOrEqual(400);
    expect(method.status).toBeLessThan(500);
    expect((await c.get('/api/nothing-here')).status).toBe(404);
  });

  it('signs in and out through the HTML pages and honours ?next', async () => {
    const c = new Client();
    const form = 'email=cliente%40demo.test&password=demo-password-1';
    const r = await c.request('POST', '/login?next=%2Fdemo-03%2F', { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base } });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/demo-03/');
    const home = await c.get('/demo-03/');
    expect(home.text).toContain('Cerrar sesión');
    const out = await c.get('/logout?next=%2Fdemo-03%2F');
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/demo-03/');
    expect((await c.get('/api/me')).json().authenticated).toBe(false);
    const evil = await c.request('POST', '/login?next=https%3A%2F%2Fevil.example', { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(evil.headers.location).toBe('/');
  });

  it('shows field errors on the login page for bad input', async () => {
    const r = await new Client().request('POST', '/login', { raw: 'email=nope&password=', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(400);
    expect(r.text).toContain('field-error');
  });
});

describe('cross-origin refusal', () => {
  it('refuses state-changing requests from another origin', async () => {
    const c = new Client();
    const r = await c.post('/api/auth/login', { email: 'cliente@demo.test', password: 'demo-password-1' }, { headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(r.json().error.code).toBe('cross_origin');
    expect(c.jar.has('sid')).toBe(false);
    const site = await c.post('/api/auth/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(site.status).toBe(403);
    const form = await c.request('POST', '/login', { raw: 'email=cliente%40demo.test&password=demo-password-1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' } });
    expect(form.status).toBe(403);
  });

  it('accepts same-origin writes', async () => {
    const c = new Client();
    const r = await c.post('/api/auth/login', { email: 'cliente@demo.test', password: 'demo-password-1' }, { headers: { origin: c.base } });
    expect(r.status).toBe(200);
  });
});

describe('login throttling', () => {
  it('locks one address out of an account after 5 failures, even with the right password, and says when to retry', async () => {
    const email = unique();
    await new Client().signup(email, 'T');
    const from = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await from.post('/api/auth/login', { email, password: 'wrong-password' })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const r = await from.post('/api/auth/login', { email, password: 'a-long-password' });
    expect(r.status).toBe(429);
    expect(r.json().error.code).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not lock the owner out from another address when someone guesses wrong on purpose', async () => {
    const email = unique();
    await new Client().signup(email, 'T');
    const attacker = new Client();
    for (let i = 0; i < 8; i++) await attacker.post('/api/auth/login', { email, password: 'wrong-password' });
    expect((await attacker.post('/api/auth/login', { email, password: 'a-long-password' })).status).toBe(429);
    const owner = new Client();
    const r = await owner.post('/api/auth/login', { email, password: 'a-long-password' });
    expect(r.status, r.text).toBe(200);
    // The owner's own mistakes are counted apart, and a success forgets them.
    for (let i = 0; i < 4; i++) expect((await owner.post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    expect((await owner.post('/api/auth/login', { email, password: 'a-long-password' })).status).toBe(200);
    expect((await owner.post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
  });

  it('pauses password sign-in to an account that many addresses attack together; the PIN still signs in', async () => {
    const email = unique();
    await new Client().signup(email, 'T');
    // 21 addresses x 5 failures: past the 100 failures an account takes from everywhere in a window.
    await Promise.all(Array.from({ length: 21 }, async () => {
      const bot = new Client();
      for (let i = 0; i < 5; i++) await bot.post('/api/auth/login', { email, password: 'wrong-password' });
    }));
    const owner = new Client();
    const r = await owner.post('/api/auth/login', { email, password: 'a-long-password' });
    expect(r.status).toBe(429);
    expect(r.json().error.message).toMatch(/PIN/);
    expect((await owner.post('/api/auth/pin/request', { email })).status).toBe(202);
    const pin = (await owner.get('/dev/outbox')).text.match(new RegExp(`${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(\\d{6})`))?.[1];
    expect((await owner.post('/api/auth/pin/verify', { email, pin })).status).toBe(200);
  });

  it('answers 429 to one address that tries too many accounts', async () => {
    const c = new Client();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await c.post('/api/auth/login', { email: unique(), password: 'whatever-1' })).status;
    expect(last).toBe(429);
    // Another address is unaffected.
    expect((await new Client().post('/api/auth/login', { email: 'cliente@demo.test', password: 'demo-password-1' })).status).toBe(200);
  });

  it('limits the PINs mailed for one e-mail, however many addresses ask; other e-mails are unaffected', async () => {
    const email = unique();
    await new Client().signup(email, 'T');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await new Client().post('/api/auth/pin/request', { email })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const r = await new Client().post('/api/auth/pin/request', { email });
    expect(r.json().error.code).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // Unknown e-mails are counted the same way (the answers do not tell which accounts exist).
    const nobody = unique();
    for (let i = 0; i < 5; i++) expect((await new Client().post('/api/auth/pin/request', { email: nobody })).status).toBe(202);
    expect((await new Client().post('/api/auth/pin/request', { email: nobody })).status).toBe(429);
    expect((await new Client().post('/api/auth/pin/request', { email: unique() })).status).toBe(202);
  });
});

describe('sign-in PIN', () => {
  it('sends a 6-digit PIN to the outbox and signs in with it once', async () => {
    const c = new Client();
    expect((await c.post('/api/auth/pin/request', { email: 'emprendedor@demo.test' })).status).toBe(202);
    const outbox = (await c.get('/dev/outbox')).text;
    const pin = outbox.match(/emprendedor@demo\.test[\s\S]*?(\d{6})/)?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    const wrong = await c.post('/api/auth/pin/verify', { email: 'emprendedor@demo.test', pin: pin === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json().error.code).toBe('pin_invalid');
    const ok = await c.post('/api/auth/pin/verify', { email: 'emprendedor@demo.test', pin });
    expect(ok.status).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe('emprendedor@demo.test');
    const again = await new Client().post('/api/auth/pin/verify', { email: 'emprendedor@demo.test', pin });
    expect(again.json().error.code).toBe('pin_invalid');
  });
});
