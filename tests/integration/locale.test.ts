// One language per page (issue 10): every page of the demo, in es, en and es-AR, shows no interface text of the
// other language and no raw code. Shop data (names, descriptions, blog entries) is the shop's language and is not
// judged (tests/support/locale-check.ts takes it from the seed). Pages still being translated are listed in
// KNOWN_LOCALE_FAILURES; anything else fails. LOCALE_REPORT=1 prints every finding, allowed or not, and the
// allowed entries no longer found (to shrink the list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/lib/i18n/index.ts';
import { Client } from '../support/http.ts';
import { dataStringsOf, demoDataStrings, LocaleChecker, type Finding } from '../support/locale-check.ts';
import { visibleText } from '../support/visible-text.ts';
import { ADDRESS, CONTACT, demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';
import { KNOWN_LOCALE_FAILURES } from './locale-known-failures.ts';
import { DEMO_CAMPAIGNS, DEMO_CHANNELS, demoCampaignId } from '../../src/db/seed/campaigns.ts';

const LOCALES: Locale[] = ['es', 'en', 'es-AR'];
const REPORT = process.env.LOCALE_REPORT === '1';
const BUYER_NAME = 'Comprador Prueba';
const checker = new LocaleChecker(demoDataStrings([CONTACT, ADDRESS, BUYER_NAME, 'Comprador Locale', DEMO_CAMPAIGNS, DEMO_CHANNELS]));

type Who = 'anon' | 'buyer' | 'admin03' | 'supplier';
interface PageDef { label: string; path: string; who: Who; status?: number }

const picks = demoPicks();
// An item no other test buys (bad-input takes the last one).
const PRODUCT = picks.textiles.at(-2)!;
const clients: Partial<Record<Who, Client>> = {};
const ids = { order: '', product: '', blog: '', sandbox3ds: '', sandboxApprove: '' };

function pages(): PageDef[] {
  const list: PageDef[] = [
    // Platform.
    { label: 'platform home', path: '/', who: 'anon' },
    { label: 'login', path: '/login', who: 'anon' },
    { label: 'signup', path: '/signup', who: 'anon' },
    { label: '404', path: '/ayuda/no-such-page', who: 'anon', status: 404 },
    { label: 'demo-03 404', path: '/demo-03/no/such/page', who: 'anon', status: 404 },
    { label: 'shop not found', path: '/no-existe/', who: 'anon', status: 404 },
    { label: 'business network', path: '/red-comercial', who: 'anon' },
    { label: 'help: disabled shop', path: '/ayuda/proveedores/deshabilitado', who: 'anon' },
    { label: 'bad request', path: '/errors/solicitud-invalida', who: 'anon', status: 400 },
    { label: 'dev outbox', path: '/dev/outbox', who: 'anon' },
    // Footer pages and PIN sign-in (issue 14).
    { label: 'terms', path: '/ayuda/terminos', who: 'anon' },
    { label: 'privacy', path: '/ayuda/privacidad', who: 'anon' },
    { label: 'PIN sign-in', path: '/login/pin', who: 'anon' },
    { label: 'demo-basic about', path: '/demo-basic/acerca', who: 'anon' },
    { label: 'demo-03 contact', path: '/demo-03/contacto', who: 'anon' },
    // The sandbox providers' pages, waiting for the shopper's answer.
    { label: 'sandbox 3-D Secure', path: ids.sandbox3ds, who: 'anon' },
    { label: 'sandbox approval', path: ids.sandboxApprove, who: 'anon' },
  ];
  // Every demo shop's home, catalogue list, item lists and empty cart.
  for (const shop of ['demo-03', 'demo-04', 'demo-fifth', 'demo-basic', 'demo-franquicia', 'demo-deshabilitada', 'red-demo']) {
    list.push({ label: `${shop} home`, path: `/${shop}/`, who: 'anon' });
  }
  for (const shop of ['demo-03', 'demo-franquicia']) {
    list.push(
      { label: `${shop} catalogues`, path: `/${shop}/catalogos`, who: 'anon' },
      { label: `${shop} products`, path: `/${shop}/productos`, who: 'anon' },
      { label: `${shop} services`, path: `/${shop}/servicios`, who: 'anon' },
      { label: `${shop} experiences`, path: `/${shop}/experiencias`, who: 'anon' },
      { label: `${shop} cart (empty)`, path: `/${shop}/carrito`, who: 'anon' },
    );
  }
  list.push(
    { label: 'demo-03 catalogue', path: '/demo-03/catalogos/novedades', who: 'anon' },
    { label: 'demo-03 product page', path: ids.product, who: 'anon' },
    { label: 'demo-03 search results', path: `/demo-03/productos?filter=${encodeURIComponent('"café"*')}`, who: 'anon' },
    { label: 'demo-03 franchises', path: '/demo-03/franquicias', who: 'anon' },
    { label: 'demo-franquicia info', path: '/demo-franquicia/info', who: 'anon' },
    { label: 'demo-fifth blogs', path: '/demo-fifth/blogs', who: 'anon' },
    { label: 'demo-fifth blog entry', path: ids.blog, who: 'anon' },
    { label: 'platform product page', path: ids.product.replace(/^\/demo-03/, ''), who: 'anon' },
    // A buyer with a cash order.
    { label: 'buyer: mis-compras', path: '/demo-03/mis-compras', who: 'buyer' },
    { label: 'buyer: order page', path: `/demo-03/mis-compras/${ids.order}`, who: 'buyer' },
    { label: 'buyer: alertas', path: '/demo-03/alertas', who: 'buyer' },
    { label: 'buyer: mis-boletos', path: '/demo-03/mis-boletos', who: 'buyer' },
    { label: 'buyer: preferencias', path: '/demo-03/preferencias', who: 'buyer' },
    // The shop's admin.
    { label: 'admin03: configuracion', path: '/demo-03/admin/configuracion', who: 'admin03' },
    { label: 'admin03: editor', path: '/demo-03/admin/editor', who: 'admin03' },
    // Collaborators, the advisor card and the tour (issue 14).
    { label: 'admin03: colaboradores', path: '/demo-03/admin/colaboradores', who: 'admin03' },
    { label: 'admin03: home with the tour', path: '/demo-03/?tour=1', who: 'admin03' },
    { label: 'invitation page', path: '/demo-03/invitacion?token=demo-invitacion-invitado-0000000000', who: 'anon' },
    // Her promoted network and the people she referred (issue 12).
    { label: 'admin03: promoted', path: '/demo-03/promoted?OnlyChilds=false', who: 'admin03' },
    { label: 'admin03: referidos', path: '/demo-03/referidos', who: 'admin03' },
    // Her reseller's workspace (issue 13).
    { label: 'admin03: resale products', path: '/demo-03/apps/me/referral', who: 'admin03' },
    { label: 'admin03: resale plans', path: '/demo-03/apps/me/referral/resale/plans', who: 'admin03' },
    { label: 'admin03: resale catalogues', path: '/demo-03/apps/me/referral/resale/catalogues', who: 'admin03' },
    // Her campaigns and a campaign's channels (issue 14).
    { label: 'admin03: campaigns', path: '/demo-03/apps/me/referral/campaigns', who: 'admin03' },
    { label: 'admin03: campaign channels', path: `/demo-03/apps/me/referral/campaigns/${demoCampaignId('verano')}`, who: 'admin03' },
    // The supplier of that order.
    { label: 'supplier: sales', path: '/demo-03/mis-compras/ventas', who: 'supplier' },
    { label: 'supplier: sale page', path: `/demo-03/mis-compras/ventas/${ids.order}`, who: 'supplier' },
    // Becoming a supplier, and the supplier's workspace (issue 11).
    { label: 'become a supplier', path: '/proveedores', who: 'anon' },
    { label: 'supplier: settings', path: '/apps/me/supplier', who: 'supplier' },
    { label: 'supplier: branches', path: '/apps/me/supplier/branches', who: 'supplier' },
    { label: 'supplier: return policy', path: '/apps/me/supplier/return-policy', who: 'supplier' },
    { label: 'supplier: packing lists', path: '/apps/me/supplier/packing', who: 'supplier' },
    { label: 'supplier: reviews', path: '/apps/me/supplier/reviews', who: 'supplier' },
    { label: 'supplier: products', path: '/apps/me/products', who: 'supplier' },
    { label: 'supplier: new product', path: '/apps/me/products/create', who: 'supplier' },
    { label: 'supplier: new experience', path: '/apps/me/products/experiences/create', who: 'supplier' },
    // Her wallet (issue 12).
    { label: 'admin03: monedero', path: '/demo-03/monedero', who: 'admin03' },
    // Opening a store and plans (issue 14): the landings, the assistant (admin03 owns a store: 403) and packages.
    { label: 'landing: entrepreneurs', path: '/emprendedores', who: 'anon' },
    { label: 'landing: online store', path: '/tiendaenlinea', who: 'buyer' },
    { label: 'landing: digital business', path: '/negociodigital', who: 'admin03' },
    { label: 'landing: invoicing', path: '/mkt/facturacion', who: 'anon' },
    { label: 'open a store: owner', path: '/asistentes/emprendedores', who: 'admin03', status: 403 },
    { label: 'open a store: registered', path: '/asistentes/emprendedores', who: 'buyer', status: 403 },
    { label: 'packages', path: '/apps/paquetes', who: 'admin03' },
  );
  return list;
}

/** A shop's texts as they are now (other test files edit headers, slides, catalogues and blogs meanwhile): data. */
async function liveShopData(c: Client, path: string): Promise<string[]> {
  const slug = /^\/((?:demo|red)-[a-z0-9-]+)\//.exec(path)?.[1];
  if (!slug) return [];
  const answers = await Promise.all([
    `/api/shops/${slug}`, `/api/shops/${slug}/catalogues?limit=100`, `/api/shops/${slug}/blogs?limit=50`,
    // Campaign names other tests gave (shared pages are named by their title): admins only, null for others.
    `/api/shops/${slug}/admin/campaigns?limit=50`,
    ...['product', 'service', 'experience'].map((type) => `/api/shops/${slug}/products?type=${type}&limit=100`),
  ].map(async (u) => { const r = await c.get(u); return r.status === 200 ? r.json() : null; }));
  return dataStringsOf(answers);
}

const keyOf = (f: Pick<Finding, 'locale' | 'page' | 'match'>) => `${f.locale} | ${f.page} | ${f.match}`;
const allowed = new Set(KNOWN_LOCALE_FAILURES.map(([locale, page, match]) => keyOf({ locale, page, match })));
const all: Finding[] = [];

beforeAll(async () => {
  const anon = new Client();
  const list = (await anon.get('/demo-03/productos')).text;
  ids.product = list.match(/href="(\/demo-03\/productos\/[^"/]+\/[^"/?]+)"/)?.[1] ?? '/demo-03/productos';
  const blogs = (await anon.get('/demo-fifth/blogs')).text;
  ids.blog = blogs.match(/href="(\/demo-fifth\/blogs\/[0-9a-f-]{36})"/)?.[1] ?? '/demo-fifth/blogs';

  const buyer = new Client();
  const buyerEmail = await signUp(buyer, 'locale');
  // The outbox then always holds a mail (its text is the mail's language, marked translate="no").
  expect((await new Client().post('/api/auth/pin/request', { email: buyerEmail })).status).toBe(202);
  const supplier = new Client();
  await supplier.login('proveedor@demo.test');
  expect((await supplier.request('PUT', `/api/supplier/products/${PRODUCT}/stock`, { body: { stock_on_hand: 50 } })).status).toBe(200);
  const ck = await readyCheckoutHttp(buyer, 'demo-03', [{ product_id: PRODUCT, amount: 1 }]);
  const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
  expect(paid.status, paid.text).toBe(200);
  ids.order = paid.json().order_id;
  // A card asking for 3-D Secure and a PayPal approval, both left waiting.
  const card = (await buyer.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number: '4000 0000 0000 3220', cvc: '123', exp: '12/35' })).json().id;
  const ck3ds = await readyCheckoutHttp(buyer, 'demo-03', [{ product_id: PRODUCT, amount: 1 }]);
  const challenge = await buyer.post(`/api/checkout/${ck3ds.id}/pay`, { payment_type: 'str_card', token: ck3ds.token, card_token: card, msi_payments: 6 });
  expect(challenge.status, challenge.text).toBe(200);
  ids.sandbox3ds = challenge.json().payment.url_3ds;
  const ckPaypal = await readyCheckoutHttp(buyer, 'demo-03', [{ product_id: picks.cafeOnDemand.at(-1)!, amount: 1 }]);
  const paypal = await buyer.post(`/api/checkout/${ckPaypal.id}/pay`, { payment_type: 'paypal', token: ckPaypal.token, return_path: '/demo-03/mis-compras', cancel_path: '/demo-03/carrito' });
  expect(paypal.status, paypal.text).toBe(200);
  ids.sandboxApprove = paypal.json().payment.approval_url;
  const admin = new Client();
  await admin.login('admin03@demo.test');
  Object.assign(clients, { anon, buyer, supplier, admin03: admin });
});

afterAll(() => {
  if (!REPORT) return;
  const found = new Set(all.map(keyOf));
  const lines = all.map((f) => `${allowed.has(keyOf(f)) ? 'allowed' : 'NEW    '} ${f.locale.padEnd(5)} ${f.page} :: ${f.kind} "${f.match}" in <${f.where}> "${f.context}"`);
  // Entries of the browser pass (tests/e2e/platform-locale.spec.ts) are checked there.
  const stale = [...allowed].filter((k) => !found.has(k) && !k.includes(' | hydrated: '));
  console.log(`\nLocale findings (${all.length}; ${all.filter((f) => !allowed.has(keyOf(f))).length} not allowed):\n${lines.join('\n')}`);
  console.log(`\nAllowed entries no longer found (${stale.length}), to remove from locale-known-failures.ts:\n${stale.join('\n')}`);
  console.log(`\nAs allow-list entries:\n${all.map((f) => `  [${JSON.stringify(f.locale)}, ${JSON.stringify(f.page)}, ${JSON.stringify(f.match)}],`).join('\n')}`);
});

describe('one language per page', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every demo page speaks ${locale === 'en' ? 'English' : 'Spanish'} and shows no raw codes`, async () => {
      const fresh: string[] = [];
      for (const p of pages()) {
        const c = clients[p.who]!;
        c.jar.set('lang', locale);
        const r = await c.get(p.path);
        let findings: Finding[];
        if (r.status !== (p.status ?? 200)) {
          findings = [{ locale, page: p.label, kind: 'status', match: String(r.status), where: p.path, context: r.text.slice(0, 160) }];
        } else {
          expect(r.text, `${p.label} (${locale}): <html lang>`).toMatch(new RegExp(`<html[^>]* lang="${locale === 'en' ? 'en' : locale === 'es-AR' ? 'es-AR' : 'es'}`));
          findings = checker.check(locale, p.label, visibleText(r.text), await liveShopData(c, p.path));
        }
        all.push(...findings);
        for (const f of findings) if (!allowed.has(keyOf(f))) fresh.push(`${keyOf(f)}  (${f.kind}, <${f.where}> "${f.context}")`);
      }
      expect(fresh, 'texts of another language or raw codes (see KNOWN_LOCALE_FAILURES for those still allowed)').toEqual([]);
    }, 120_000);
  }
});
