// Tracked sharing (issue 13; seed 001 §3, §5, §7, seed 000 §4): a shop admin's share makes an active campaign and
// answers its encoded link; opening the link sets the referral, campaign and click id cookies; an order placed after
// it carries the attribution on the sellers' views. Unknown campaign ids are never answered back.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const SHOP = 'demo-03';

async function admin03() {
  const c = new Client();
  await c.login('admin03@demo.test');
  return c;
}

async function aCatalogue(c: Client): Promise<{ slug: string; name: string }> {
  const r = await c.get(`/api/shops/${SHOP}/catalogues`);
  expect(r.status).toBe(200);
  const body = r.json();
  const list = (Array.isArray(body) ? body : body.results) as { slug: string; name: string }[];
  return list[0]!;
}

describe('POST /api/shops/{slug}/share', () => {
  it('makes an active campaign and answers the shop link with referral, campaign and click_id', async () => {
    const c = await admin03();
    const cat = await aCatalogue(c);
    const r = await c.post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/catalogos/${cat.slug}`, name: cat.name });
    expect(r.status, r.text).toBe(201);
    const a = r.json();
    expect(a).toMatchObject({ name: cat.name.slice(0, 100), state: 'active', campaign_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const u = new URL(a.encoded_mkt_url);
    // At the shop's primary address (its subdomain on the test server), the page's path inside the shop (issue 26).
    expect(`${u.hostname}${u.pathname}`).toBe(`${SHOP}.localhost/catalogos/${cat.slug}`);
    expect(u.searchParams.get('referral')).toBe('ana-trevino');
    expect(u.searchParams.get('campaign')).toBe(a.campaign_id);
    expect(u.searchParams.get('click_id')).toMatch(/^[\w-]{8,}$/);
    // Every share is a new click id.
    const again = (await c.post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/catalogos/${cat.slug}`, name: cat.name })).json();
    expect(new URL(again.encoded_mkt_url).searchParams.get('click_id')).not.toBe(u.searchParams.get('click_id'));
  });

  it('cuts the name to 100 characters; refuses unsafe or foreign addresses (400), anonymous (401), non-admins (403)', async () => {
    const c = await admin03();
    const long = `${'Catálogo de verano '.repeat(10)}fin`;
    const r = await c.post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/`, name: long });
    expect(r.status).toBe(201);
    expect([...r.json().name].length).toBe(100);
    expect(r.json().name).toBe([...long].slice(0, 100).join('').trim());
    for (const url of ['javascript:alert(1)', 'https://evil.example/x', 'java\tscript:alert(1)', '//evil.example/']) {
      const bad = await c.post(`/api/shops/${SHOP}/share`, { url, name: 'x' });
      expect(bad.status, url).toBe(400);
      expect(bad.json().error.fields.url).toBeDefined();
    }
    const anon = await new Client().post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/`, name: 'x' });
    expect(anon.status).toBe(401);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await customer.post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/`, name: 'x' })).status).toBe(403);
  });
});

describe('tracked link -> cookies -> attributed order', () => {
  it('answers only known campaign ids of the shop, and an order placed after the link carries the attribution', async () => {
    const admin = await admin03();
    const cat = await aCatalogue(admin);
    const share = (await admin.post(`/api/shops/${SHOP}/share`, { url: `/${SHOP}/catalogos/${cat.slug}`, name: 'Campaña de prueba' })).json();

    // An unknown campaign id (or another shop's) is not answered back.
    const stranger = new Client();
    await stranger.get(`/${SHOP}/?campaign=${crypto.randomUUID()}&referral=ana-trevino`);
    expect(stranger.jar.get('campaign')).toBeUndefined();
    expect(stranger.jar.get('referral')).toBe('ana-trevino');
    const other = new Client();
    await other.get(`/demo-04/?campaign=${share.campaign_id}`);
    expect(other.jar.get('campaign')).toBeUndefined();

    // The buyer opens the link: the cookies are set on the shop.
    const buyer = new Client();
    const u = new URL(share.encoded_mkt_url);
    const visit = await buyer.get(`${u.pathname}${u.search}`, { host: u.host });
    expect(visit.status).toBe(200);
    expect(buyer.jar.get('campaign')).toBe(share.campaign_id);
    expect(buyer.jar.get('referral')).toBe('ana-trevino');
    expect(buyer.jar.get('click_id')).toBe(u.searchParams.get('click_id'));

    // ...then signs up and buys (on-demand coffee, card).
    await signUp(buyer, 'tracked');
    const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: demoPicks(SHOP).cafeOnDemand[0]!, amount: 1 }]);
    const tok = (await buyer.post('/api/payments/cards/tokens', { name: 'Compradora', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: tok });
    expect(paid.status, paid.text).toBe(200);
    const orderId = paid.json().order_id ?? paid.json().id;

    const expected = { campaign_id: share.campaign_id, campaign_name: 'Campaña de prueba', referral: 'ana-trevino', referral_name: 'Ana Sofía Treviño' };
    // The shop's admin (API and page).
    const shopSide = await admin.get(`/api/shops/${SHOP}/orders/${orderId}`);
    expect(shopSide.status, shopSide.text).toBe(200);
    expect(shopSide.json().attribution).toEqual(expected);
    expect(shopSide.json().actions).toMatchObject({ can_pay: false, payment_token: null });
    const listed = await admin.get(`/api/shops/${SHOP}/orders?limit=50`);
    expect(listed.status).toBe(200);
    expect(listed.json().results.map((o: { id: string }) => o.id)).toContain(orderId);
    expect((await admin.get(`/${SHOP}/admin/pedidos`)).text).toContain(`/${SHOP}/admin/pedidos/${orderId}`);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await customer.get(`/api/shops/${SHOP}/orders`)).status).toBe(403);
    const page = await admin.get(`/${SHOP}/admin/pedidos/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="order-attribution"');
    expect(page.text).toContain('Campaña de prueba');
    // The supplier.
    const supplier = new Client();
    await supplier.login('cafe@demo.test');
    const sup = await supplier.get(`/api/supplier/orders/${orderId}?as=supplier`);
    expect(sup.status, sup.text).toBe(200);
    expect(sup.json().attribution).toEqual(expected);
    const supPage = await supplier.get(`/${SHOP}/mis-compras/ventas/${orderId}`);
    expect(supPage.text).toContain('Campaña de prueba');
    // Others: 404 (another shop's admin) and 401 (anonymous).
    const admin04 = new Client();
    await admin04.login('admin04@demo.test');
    expect((await admin04.get(`/api/shops/demo-04/orders/${orderId}`)).status).toBe(404);
    expect((await new Client().get(`/api/shops/${SHOP}/orders/${orderId}`)).status).toBe(401);
  });
});

describe('pages', () => {
  const form = (c: Client, path: string, fields: Record<string, string>) =>
    c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base } });

  it('the share form works without script: admins get the tracked link page; anonymous pages carry no share form', async () => {
    const admin = await admin03();
    const cat = await aCatalogue(admin);
    const catalogue = await admin.get(`/${SHOP}/catalogos/${cat.slug}`);
    expect(catalogue.text).toContain('data-testid="share-tracked"');
    const anon = await new Client().get(`/${SHOP}/catalogos/${cat.slug}`);
    expect(anon.text).not.toContain('data-testid="share-tracked"');
    expect(anon.text).toContain(`/catalogos/${cat.slug}`); // the plain share link stays
    const r = await form(admin, `/${SHOP}/compartir`, { url: `/${SHOP}/catalogos/${cat.slug}`, name: cat.name });
    expect(r.status).toBe(200);
    const link = /data-tracked-url data-testid="tracked-url"|value="([^"]+)"[^>]*data-tracked-url/.exec(r.text);
    expect(link).not.toBeNull();
    expect(r.text).toMatch(/referral=ana-trevino&amp;campaign=[0-9a-f-]{36}&amp;click_id=/);
    const bad = await form(admin, `/${SHOP}/compartir`, { url: 'javascript:alert(1)', name: 'x' });
    expect(bad.status).toBe(400);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await form(customer, `/${SHOP}/compartir`, { url: `/${SHOP}/`, name: 'x' })).status).toBe(404);
  });

  it('network shops start their breadcrumb at Marketplace, which is the network page', async () => {
    const cat = await aCatalogue(new Client());
    const page = await new Client().get(`/${SHOP}/catalogos/${cat.slug}`);
    expect(page.text).toMatch(/<nav class="breadcrumb"[^>]*>\s*<ol>\s*<li><a href="\/marketplace">Marketplace<\/a>/);
    const plain = await new Client().get('/demo-04/catalogos');
    expect(plain.text).not.toContain('href="/marketplace"');
    const m = await new Client().get('/marketplace?page=2');
    expect(m.status).toBe(301);
    expect(m.headers.location).toBe('/red-comercial?page=2');
  });
});
