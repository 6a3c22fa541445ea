import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

describe('rendered pages shared by anonymous shoppers', () => {
  it('serves a repeated anonymous request from the page cache, setting no cookie on the shared answer', async () => {
    const first = await new Client().get('/demo-basic/?cache-probe=1');
    expect(first.headers['set-cookie']).toBeUndefined();
    const fresh = new Client();
    const r = await fresh.get('/demo-basic/?cache-probe=1');
    expect(r.status).toBe(200);
    expect(r.headers['x-page-cache']).toBe('hit');
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.text).toContain('data-theme-pack="basic"');
    // The visitor's anonymous id comes with the first answer that is theirs alone (here: saving a preference).
    const prefs = await fresh.post('/api/preferences', { lang: 'es' });
    expect(String(prefs.headers['set-cookie'])).toMatch(/aid=/);
  });

  it("never keeps a page about one visitor (private or no-store), such as a guest's cart", async () => {
    const a = new Client();
    await a.get('/demo-basic/carrito?cache-probe=2');
    const b = await new Client().get('/demo-basic/carrito?cache-probe=2');
    expect(b.status).toBe(200);
    expect(b.headers['x-page-cache']).toBeUndefined();
    expect(String(b.headers['cache-control'])).toMatch(/no-store/);
  });

  it('never caches what a signed-in viewer sees', async () => {
    const c = new Client();
    await c.login('cliente@demo.test');
    const a = await c.get('/demo-basic/');
    const b = await c.get('/demo-basic/');
    expect(a.headers['x-page-cache']).toBeUndefined();
    expect(b.headers['x-page-cache']).toBeUndefined();
    expect(b.text).toContain('cliente@demo.test');
  });

  it('keeps languages and dark mode apart', async () => {
    const es = await new Client().get('/demo-basic/', { headers: { 'accept-language': 'es' } });
    const en = await new Client().get('/demo-basic/', { headers: { 'accept-language': 'en' } });
    expect(es.text).toMatch(/<html lang="es"/);
    expect(en.text).toMatch(/<html lang="en"/);
  });
});
