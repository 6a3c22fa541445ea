// The coordinator's window (issue 26; seed 001: level two gets 'a coordinator modal'), over HTTP against the demo
// server: an entrepreneur who owns a store (ul2) finds it in the store menu with each of their stores' last 30 days
// (items, campaigns, visits, paid orders, sales) and the ways into resale, campaigns, wallet, dashboard and advisor,
// each of which answers; shoppers, level-zero buyers and anonymous visitors get none of its markup.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const es = { headers: { 'accept-language': 'es-MX' } };
const figure = (html: string, shop: string, name: string) => {
  const block = html.slice(html.indexOf(`data-shop="${shop}"`));
  const m = new RegExp(`data-figure="${name}"[^>]*>([^<]*)<`).exec(block);
  return m?.[1] ?? null;
};

describe('the coordinator window', () => {
  it('shows a level-two owner their stores with their figures and working links', async () => {
    const c = new Client();
    await c.login('admin03@demo.test');
    const page = await c.get('/demo-03/', es);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="menu-coordinator"');
    const win = page.text.slice(page.text.indexOf('data-testid="coordinator-window"'));
    expect(win).toContain('Tus tiendas en los últimos 30 días.');
    expect(win).toContain('data-shop="demo-03"');
    // The demo's store offers items and has a campaign with visits (src/db/seed/campaigns.ts, history.ts).
    expect(Number(figure(win, 'demo-03', 'items')!.replace(/[^\d]/g, ''))).toBeGreaterThan(0);
    expect(Number(figure(win, 'demo-03', 'campaigns')!.replace(/[^\d]/g, ''))).toBeGreaterThan(0);
    expect(Number(figure(win, 'demo-03', 'visits')!.replace(/[^\d]/g, ''))).toBeGreaterThan(0);
    expect(figure(win, 'demo-03', 'sales')).toMatch(/^\$[\d,]+\.\d\d/);
    // Every way in answers.
    const block = win.slice(win.indexOf('data-shop="demo-03"'), win.indexOf('</li>'));
    const links = [...block.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links).toEqual(expect.arrayContaining(['/demo-03/apps/me/referral', '/demo-03/apps/me/referral/campaigns', '/demo-03/monedero', '/demo-03/admin/panel', '/demo-03/admin/asesor']));
    for (const href of links) expect((await c.get(href, es)).status, href).toBe(200);
    // In English too.
    const en = await c.get('/demo-03/', { headers: { 'accept-language': 'en' } });
    expect(en.text).toContain('Your stores over the last 30 days.');
  });

  it('is absent for anonymous visitors and for buyers who are not level two', async () => {
    const anon = await new Client().get('/demo-03/', es);
    expect(anon.text).not.toContain('coordinator-window');
    const buyer = new Client();
    await buyer.login('cliente@demo.test');
    expect((await buyer.get('/demo-03/', es)).text).not.toContain('coordinator-window');
  });
});
