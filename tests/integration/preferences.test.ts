import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const cookies = (r: { headers: Record<string, unknown> }) => ([] as string[]).concat((r.headers['set-cookie'] as string[] | undefined) ?? []);
const cookie = (r: { headers: Record<string, unknown> }, name: string) => cookies(r).find((c) => c.startsWith(`${name}=`));

describe('POST /api/preferences (JSON)', () => {
  it('sets the lang, theme and showResaleInfo cookies for 365 days and answers the effective preferences', async () => {
    const c = new Client();
    const r = await c.post('/api/preferences', { lang: 'en', theme: 'dark', showResaleInfo: false });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ lang: 'en', theme: 'dark', showResaleInfo: false });
    for (const [name, value] of [['lang', 'en'], ['theme', 'dark'], ['showResaleInfo', 'false']]) {
      const set = cookie(r, name!);
      expect(set, name).toBeDefined();
      expect(set).toMatch(new RegExp(`^${name}=${value};`));
      expect(set).toMatch(/Max-Age=31536000/i);
      expect(set).toMatch(/Path=\//i);
      expect(set).toMatch(/SameSite=Lax/i);
      expect(set).toMatch(/HttpOnly/i);
    }
    expect(c.jar.get('lang')).toBe('en');
  });

  it('changes only what it is given and reports the rest from cookies and Accept-Language', async () => {
    const c = new Client();
    const first = await c.post('/api/preferences', {}, { headers: { 'accept-language': 'es-AR,es;q=0.9' } });
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({ lang: 'es-AR', theme: null, showResaleInfo: true });
    expect(cookies(first).filter((s) => /^(lang|theme|showResaleInfo)=/.test(s))).toEqual([]);
    await c.post('/api/preferences', { theme: 'light' });
    const r = await c.post('/api/preferences', { lang: 'es-AR' }, { headers: { 'accept-language': 'en' } });
    expect(r.json()).toEqual({ lang: 'es-AR', theme: 'light', showResaleInfo: true });
    expect(cookie(r, 'theme')).toBeUndefined();
    expect(cookie(r, 'lang')).toMatch(/^lang=es-AR;/);
  });

  it('refuses bad values with 400 and the error shape, other media types with 415', async () => {
    const c = new Client();
    for (const body of [{ lang: 'fr' }, { theme: 'blue' }, { showResaleInfo: 'yes' }, { language: 'en' }]) {
      const r = await c.post('/api/preferences', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json().error.code).toBe('validation_error');
      expect(r.json().error.fields).toBeTypeOf('object');
      expect(cookies(r).filter((s) => /^(lang|theme|showResaleInfo)=/.test(s))).toEqual([]);
    }
    const malformed = await c.request('POST', '/api/preferences', { raw: '{"lang":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');
    const media = await c.request('POST', '/api/preferences', { raw: '<lang/>', headers: { 'content-type': 'text/xml' } });
    expect(media.status).toBe(415);
  });

  it('refuses a cross-origin write', async () => {
    const r = await new Client().post('/api/preferences', { lang: 'en' }, { headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(cookie(r, 'lang')).toBeUndefined();
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await new Client().get('/api/openapi.json')).json();
    expect(doc.paths['/api/preferences'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('lang');
  });
});

describe('POST /api/preferences (form, no JavaScript)', () => {
  it('sets the cookies and redirects 303 to a same-site next', async () => {
    const c = new Client();
    const r = await c.request('POST', '/api/preferences', { raw: 'lang=es-AR&theme=dark&showResaleInfo=true&next=%2Fdemo-03%2Fcatalogos%3Fpage%3D2', headers: { ...FORM, origin: c.base } });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/demo-03/catalogos?page=2');
    expect(cookie(r, 'lang')).toMatch(/^lang=es-AR;.*Max-Age=31536000/i);
    expect(cookie(r, 'theme')).toMatch(/^theme=dark;.*Max-Age=31536000/i);
    expect(cookie(r, 'showResaleInfo')).toMatch(/^showResaleInfo=true;.*Max-Age=31536000/i);
    const now = await c.post('/api/preferences', {});
    expect(now.json()).toEqual({ lang: 'es-AR', theme: 'dark', showResaleInfo: true });
  });

  it('works on a shop host, ignores blank fields and falls back to / for an unsafe or missing next', async () => {
    const c = new Client();
    const r = await c.request('POST', '/api/preferences', { raw: 'lang=en&theme=&next=%2F%2Fevil.example%2F', headers: FORM, host: 'demo-03.localhost' });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/');
    expect(cookie(r, 'lang')).toMatch(/^lang=en;/);
    expect(cookie(r, 'theme')).toBeUndefined();
    for (const next of ['https%3A%2F%2Fevil.example%2F', '%2F%5Cevil.example', '']) {
      const x = await new Client().request('POST', '/api/preferences', { raw: `theme=light&next=${next}`, headers: FORM });
      expect(x.status).toBe(303);
      expect(x.headers.location).toBe('/');
    }
    const none = await new Client().request('POST', '/api/preferences', { raw: 'showResaleInfo=false', headers: FORM });
    expect(none.status).toBe(303);
    expect(none.headers.location).toBe('/');
    expect(cookie(none, 'showResaleInfo')).toMatch(/^showResaleInfo=false;/);
  });

  it('answers 400 with the error shape on bad form values and sets nothing', async () => {
    for (const raw of ['lang=fr&next=%2F', 'theme=blue', 'showResaleInfo=on']) {
      const r = await new Client().request('POST', '/api/preferences', { raw, headers: FORM });
      expect(r.status, raw).toBe(400);
      expect(r.json().error.code).toBe('validation_error');
      expect(cookies(r).filter((s) => /^(lang|theme|showResaleInfo)=/.test(s))).toEqual([]);
    }
  });
});
