// The operator's console (issue 25) over HTTP on the demo server: every page answers 403 to anyone but the platform
// operator (ul3) and sends signed-out visitors to sign in; the jobs page shows each job and its "Run now" form asks
// for a run (and only from this site); the reconciliation page links each order to its ledger lines; the
// directory (suppliers, shops, users) searches, refuses bad forms with their reason and changes a user's level.
// (Suspensions and their effect on every store: tests/integration/operator-directory.test.ts, on its own data.)
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { seedUuid } from '../../src/db/seed/ids.ts';

const PAGES = ['/apps/operador', '/apps/operador/cifras.csv', '/apps/operador/trabajos', '/apps/operador/conciliacion', '/apps/operador/retiros', '/apps/operador/bitacora', '/apps/operador/pedidos/6f9c2a4e-1b7d-4c3a-9e8f-0a1b2c3d4e5f',
  '/apps/operador/proveedores', '/apps/operador/tiendas', '/apps/operador/usuarios', `/apps/operador/usuarios/${seedUuid('user:operador')}`];
const form = (c: Client, path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', path, { raw: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

async function operator() {
  const c = new Client();
  await c.login('operador@demo.test');
  return c;
}

describe('operator console', () => {
  it('sends signed-out visitors to sign in and answers 403 to anyone but the operator, actions included', async () => {
    const anon = new Client();
    for (const p of PAGES) {
      const r = await anon.get(p);
      expect(r.status, p).toBe(302);
      expect(r.headers.location).toBe(`/login?next=${encodeURIComponent(p)}`);
    }
    const reseller = new Client();
    await reseller.login('admin03@demo.test');
    for (const p of PAGES) {
      const r = await reseller.get(p);
      expect(r.status, p).toBe(403);
      expect(r.text).toMatch(p.endsWith('.csv') ? /solo para quien opera/ : /Acceso restringido/);
      expect(r.text).not.toContain('Correr ahora');
    }
    const op = await operator();
    const before = (await op.get('/api/admin/jobs')).json().results.find((j: { name: string }) => j.name === 'renewals');
    const denied = await form(reseller, '/apps/operador/trabajos', { job: 'renewals' });
    expect(denied.status).toBe(403);
    const after = (await op.get('/api/admin/jobs')).json().results.find((j: { name: string }) => j.name === 'renewals');
    expect(after.next_run_at).toBe(before.next_run_at);
    const approve = await form(reseller, '/apps/operador/retiros', { payout: '6f9c2a4e-1b7d-4c3a-9e8f-0a1b2c3d4e5f', action: 'approve', reference: 'SPEI-1' });
    expect(approve.status).toBe(403);
    expect((await form(anon, '/apps/operador/retiros', { payout: 'x', action: 'reject', reason: 'no' })).status).toBe(303);
  });

  it("shows the operator every job's runs, and Run now asks for a run (same-site forms only)", async () => {
    const op = await operator();
    const page = await op.get('/apps/operador/trabajos');
    expect(page.status).toBe(200);
    const jobs = (await op.get('/api/admin/jobs')).json().results as { name: string }[];
    for (const j of jobs) expect(page.text).toContain(`data-job="${j.name}"`);
    expect(page.text).toContain('Liberar dinero retenido');
    const foreign = await form(op, '/apps/operador/trabajos', { job: 'renewals' }, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const t0 = Date.now();
    const r = await form(op, '/apps/operador/trabajos', { job: 'renewals' });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/apps/operador/trabajos?pedido=renewals');
    const job = (await op.get('/api/admin/jobs')).json().results.find((j: { name: string }) => j.name === 'renewals');
    // Asked for now: due at once (or already run by the runner since).
    expect(Date.parse(job.next_run_at) <= Date.now() || Date.parse(job.last_started_at) >= t0 - 1000).toBe(true);
    expect((await op.get('/apps/operador/trabajos?pedido=renewals')).text).toContain('correrá en unos segundos');
    const unknown = await form(op, '/apps/operador/trabajos', { job: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Esa tarea no existe.');
    const en = await op.get('/apps/operador/trabajos', { headers: { cookie: 'lang=en' } });
    expect(en.text).toContain('Run now');
    // Logged with who asked.
    const log = await op.get('/apps/operador/bitacora');
    expect(log.text).toContain('data-action="job.run" data-target="renewals"');
    expect(log.text).toContain('operador@demo.test');
  });

  it('shows the reconciliation (empty on the demo books) and an order with its ledger lines', async () => {
    const op = await operator();
    const page = await op.get('/apps/operador/conciliacion');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Todo cuadra');
    const reseller = new Client();
    await reseller.login('admin03@demo.test');
    const sale = (await reseller.get('/api/me/wallets/mxn/entries?limit=100')).json().results.find((e: { source: string }) => e.source === 'order_paid');
    const order = await op.get(`/apps/operador/pedidos/${sale.order_id}`);
    expect(order.status).toBe(200);
    expect(order.text).toContain(`Dinero del pedido ${sale.order_reference}`);
    expect(order.text).toContain('Este pedido cuadra.');
    expect(order.text).toContain('Venta pagada');
    expect((await op.get('/apps/operador/pedidos/6f9c2a4e-1b7d-4c3a-9e8f-0a1b2c3d4e5f')).status).toBe(404);
    expect((await op.get('/apps/operador/pedidos/not-an-id')).status).toBe(404);
  });

  it('shows the home figures of a range and the same figures as CSV; a bad range is a 400 with its reason', async () => {
    const op = await operator();
    const q = 'de=2025-01-01&a=2026-12-31&por=mes';
    const page = await op.get(`/apps/operador?${q}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="figures"');
    expect(page.text).toContain('Ventas (GMV)');
    expect(page.text).toContain(`href="/apps/operador/cifras.csv?${q.replaceAll('&', '&amp;')}"`);
    const csv = await op.get(`/apps/operador/cifras.csv?${q}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.text.trim().split('\r\n').map((l) => l.split(','));
    expect(rows[0]!.slice(0, 3)).toEqual(['Periodo', 'Moneda', 'Ventas (GMV)']);
    expect(rows).toHaveLength(1 + 24);
    // The CSV's total GMV is the page's (both the ledger's sum), and it is above zero on the demo books.
    const gmv = rows.slice(1).reduce((n, r) => n + Math.round(Number(r[2]) * 100), 0);
    expect(gmv).toBeGreaterThan(0);
    const shown = /data-total="gmv"[^>]*>([^<]+)</.exec(page.text)![1]!;
    expect(Number(shown.replace(/[^\d.]/g, '')) * 100).toBeCloseTo(gmv, 0);
    const bad = await op.get('/apps/operador?de=2026-02-30&a=2026-03-01');
    expect(bad.status).toBe(400);
    expect((await op.get('/apps/operador/cifras.csv?de=2026-03-01&a=2026-02-01')).status).toBe(400);
    const en = await op.get(`/apps/operador/cifras.csv?${q}`, { headers: { cookie: 'lang=en' } });
    expect(en.text.split('\r\n')[0]).toContain('Sales (GMV)');
  });

  it('searches suppliers, shops and users; refuses bad forms with their reason; changes a level once, logged', async () => {
    const op = await operator();
    const cafe = seedUuid('supplier:cafe');
    const sup = await op.get('/apps/operador/proveedores?q=altura');
    expect(sup.status).toBe(200);
    expect(sup.text).toContain(`data-supplier="${cafe}" data-suspended="false"`);
    expect(sup.text).toContain('cafe@demo.test');
    expect((await op.get('/apps/operador/proveedores?q=%25%25&page=99999999')).text).toContain('data-testid="directory-empty"');
    const noReason = await form(op, '/apps/operador/proveedores?q=altura', { id: cafe, action: 'on', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('aria-invalid="true"');
    expect(noReason.text).toContain(`data-supplier="${cafe}" data-suspended="false"`);
    const missing = await form(op, '/apps/operador/proveedores', { id: '6f9c2a4e-1b7d-4c3a-9e8f-0a1b2c3d4e5f', action: 'on', reason: 'Fraude' });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Ese proveedor no existe.');
    const reseller = new Client();
    await reseller.login('admin03@demo.test');
    expect((await form(reseller, '/apps/operador/proveedores', { id: cafe, action: 'on', reason: 'Fraude' })).status).toBe(403);
    expect((await form(op, '/apps/operador/proveedores', { id: cafe, action: 'on', reason: 'Fraude' }, { origin: 'http://evil.example' })).status).toBe(403);

    const shopsPage = await op.get('/apps/operador/tiendas?q=deshabilitada');
    const disabledShop = /data-shop="([0-9a-f-]{36})" data-disabled="true"/.exec(shopsPage.text)?.[1];
    expect(disabledShop).toBeTruthy();
    const again = await form(op, '/apps/operador/tiendas?q=deshabilitada', { id: disabledShop!, action: 'on', reason: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('Esta tienda ya está deshabilitada');

    // Levels: sofia (a demo buyer no other test signs in as) up and back down; the operator cannot demote themselves.
    const sofia = seedUuid('wallet-demo:user');
    expect((await op.get('/apps/operador/usuarios?q=sofia.garcia')).text).toContain(`href="/apps/operador/usuarios/${sofia}"`);
    const up = await form(op, `/apps/operador/usuarios/${sofia}`, { level: 'ul1' });
    expect(up.status).toBe(303);
    expect(up.headers.location).toBe(`/apps/operador/usuarios/${sofia}?hecho=level`);
    expect((await op.get(up.headers.location!)).text).toMatch(/data-testid="user-level"[^>]*>Emprendedor \(ul1\)/);
    expect((await form(op, `/apps/operador/usuarios/${sofia}`, { level: 'ul1' })).status).toBe(409);
    expect((await form(op, `/apps/operador/usuarios/${sofia}`, { level: 'ul9' })).status).toBe(400);
    expect((await form(op, `/apps/operador/usuarios/${sofia}`, { level: 'ul0' })).status).toBe(303);
    const self = await form(op, `/apps/operador/usuarios/${seedUuid('user:operador')}`, { level: 'ul0' });
    expect(self.status).toBe(409);
    expect(self.text).toContain('No puedes quitarte tu propio nivel de operador');
    const log = await op.get('/apps/operador/bitacora');
    expect(log.text).toContain(`data-action="user.level" data-target="${sofia}"`);
    const mem = await op.get(`/apps/operador/usuarios/${seedUuid('user:cliente')}`, { headers: { cookie: 'lang=en' } });
    expect(mem.text).toContain('Shop team');
    expect(mem.text).toContain('/demo-03');
  });
});
