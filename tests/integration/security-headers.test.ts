// Browser security headers (issue 9, finding 5) and where `next` may send a visitor (finding 4), over HTTP.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
  const [name, ...values] = d.split(/\s+/);
  return [name!, values] as const;
}));

describe('security headers', () => {
  it('pages carry a policy that runs no injected inline script and cannot be framed by another site', async () => {
    for (const path of ['/', '/login', '/demo-03/', '/demo-03/carrito', '/demo-03/no-such-page']) {
      const r = await new Client().get(path);
      expect(r.headers['content-type'], path).toMatch(/text\/html/);
      const csp = directives(String(r.headers['content-security-policy'] ?? ''));
      const scripts = csp.get('script-src') ?? [];
      expect(scripts, path).toContain("'self'");
      expect(scripts, path).not.toContain("'unsafe-inline'");
      expect(scripts, path).not.toContain("'unsafe-eval'");
      expect(scripts.some((s) => s.startsWith("'sha256-")), `${path}: the framework's own scripts by hash`).toBe(true);
      expect(csp.get('frame-ancestors'), path).toEqual(["'self'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
      expect(r.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(r.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('signed-in admin pages are not framable by another site either', async () => {
    const c = new Client();
    expect((await c.post('/api/auth/login', { email: 'admin03@demo.test', password: 'demo-password-1' })).status).toBe(200);
    for (const path of ['/demo-03/admin/configuracion', '/demo-03/admin/editor']) {
      const r = await c.get(path);
      expect(r.status, path).toBe(200);
      expect(directives(String(r.headers['content-security-policy'])).get('frame-ancestors'), path).toEqual(["'self'"]);
      expect(r.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
  });

  it('answers that are not pages (JSON, errors, redirects) embed and run nothing', async () => {
    const c = new Client();
    for (const r of [await c.get('/api/me'), await c.get('/api/nothing-here'), await c.post('/api/auth/login', { email: 'x' })]) {
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    const redirect = await c.get('/logout?next=%2Fdemo-03%2F');
    expect(redirect.status).toBe(303);
    expect(redirect.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS and Secure cookies only over https (X-Forwarded-Proto behind the trusted proxy)', async () => {
    const plain = await new Client().get('/demo-03/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    const https = new Client(undefined, { 'x-forwarded-proto': 'https' });
    const page = await https.get('/demo-03/');
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    // A storefront page anyone anonymous shares sets no cookie; a page of the visitor's own hands out the id.
    expect(page.headers['set-cookie']).toBeUndefined();
    const own = await https.get('/login');
    expect(String(own.headers['set-cookie'])).toMatch(/aid=[^;]+;.*Secure/i);
    const login = await https.post('/api/auth/login', { email: 'cliente@demo.test', password: 'demo-password-1' });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/sid=[^;]+;.*Secure/i);
  });
});

describe('redirects after sign-in and sign-out stay on this site', () => {
  const form = 'email=cliente%40demo.test&password=demo-password-1';
  const EVIL = ['%2F%09%2Fevil.example%2Fpwned', '%2F%0A%2Fevil', '%2F%5Cevil.example', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%0D%0A%2Fevil', 'javascript%3Aalert(1)'];

  it('after sign-in', async () => {
    for (const next of EVIL) {
      const c = new Client();
      const r = await c.request('POST', `/login?next=${next}`, { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base } });
      expect(r.status, next).toBe(303);
      expect(r.headers.location, next).toBe('/');
    }
  });

  it('after sign-out, never a 500', async () => {
    for (const next of EVIL) {
      const r = await new Client().get(`/logout?next=${next}`);
      expect(r.status, next).toBe(303);
      expect(r.headers.location, next).toBe('/');
    }
    const ok = await new Client().get('/logout?next=%2Fdemo-03%2Fcarrito%3Fa%3D1');
    expect(ok.headers.location).toBe('/demo-03/carrito?a=1');
  });
});
