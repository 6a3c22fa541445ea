// A small commerce world for service-level tests on a fresh database (not a test file itself): one shop, a
// configured and an unconfigured supplier, products covering the stock cases, buyers and the supplier's user.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { products, profiles, shopProducts, shops, suppliers, users } from '../../src/db/schema/index.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import type { ShopRow } from '../../src/domain/shops/service.ts';
import { buildDemoData, demoId } from '../../src/db/seed/demo.ts';
import type { Client } from '../support/http.ts';

export interface World {
  shop: ShopRow;
  supplier: { id: string; profileId: string };
  unconfigured: { id: string };
  p: { tenUnits: string; onDemand: string; maxThree: string; experience: string; unpublished: string; empty: string; variants: string; foreign: string };
  supplierViewer: Viewer;
  buyer: (n?: number) => Promise<Viewer>;
}

let seq = 0;

export async function makeWorld(db: Db): Promise<World> {
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const [supProfile] = await db.insert(profiles).values({ name: 'Proveedor Prueba', slug: `prov-${tag}`, main_type: 'dssupplier' }).returning();
  const [badProfile] = await db.insert(profiles).values({ name: 'Proveedor Incompleto', slug: `inc-${tag}`, main_type: 'dssupplier' }).returning();
  const [ownerProfile] = await db.insert(profiles).values({ name: 'Dueña', slug: `own-${tag}` }).returning();
  const [supplier] = await db.insert(suppliers).values({
    profile_id: supProfile!.id, name: 'Proveedor Prueba', is_configured: true,
    enabled_payment_types: ['str_card', 'openpay_bank', 'openpay_store', 'cash', 'deposit', 'paypal', 'tiendacrypto'],
    fixed_shipping_cost: 9900, fixed_shipping_days: 5,
  }).returning();
  const [bad] = await db.insert(suppliers).values({ profile_id: badProfile!.id, name: 'Proveedor Incompleto', is_configured: false, enabled_payment_types: ['cash'] }).returning();
  const [shop] = await db.insert(shops).values({ slug: `t-${tag}`, name: 'Tienda Prueba', owner: ownerProfile!.id, store_theme_info: {} as never }).returning();
  const mk = async (slug: string, v: Partial<typeof products.$inferInsert>, supplierRow = supplier!, owner = supProfile!.id) => {
    const [row] = await db.insert(products).values({
      owner, supplier_id: supplierRow.id, type: 'product', slug: `${slug}-${tag}`, name: slug, list_price: 10000, ...v,
    }).returning();
    await db.insert(shopProducts).values({ shop_id: shop!.id, product_id: row!.id });
    return row!.id;
  };
  const p = {
    tenUnits: await mk('diez', { stock_on_hand: 10, crossout_price: 12000 }),
    onDemand: await mk('bajo-pedido', { stock_type: 'ondemand', stock_on_hand: 0 }),
    maxThree: await mk('max-tres', { stock_on_hand: 50, max_purchase_amount: 3 }),
    experience: await mk('experiencia', { type: 'experience', stock_on_hand: 20, experience_date: new Date('2030-01-01T10:00:00Z'), list_price: 50000 }),
    unpublished: await mk('oculto', { stock_on_hand: 5, list_state: 'unpublished' }),
    empty: await mk('agotado', { stock_on_hand: 0 }),
    variants: await mk('tallas', { stock_on_hand: 8, variants: { Talla: ['S', 'M', 'L'] } }),
    foreign: await mk('ajeno', { stock_on_hand: 5 }, bad!, badProfile!.id),
  };
  const supUser = await newUser(db, `prov-${tag}@test.example`, supProfile!.id);
  const buyer = async (n = 0): Promise<Viewer> => {
    const [prof] = await db.insert(profiles).values({ name: `Comprador ${n}`, slug: `buyer-${tag}-${n}-${randomUUID().slice(0, 6)}` }).returning();
    const u = await newUser(db, `buyer-${tag}-${n}-${randomUUID().slice(0, 6)}@test.example`, prof!.id);
    return { kind: 'user', anonymousId: randomUUID(), sessionId: 'test', user: u };
  };
  return {
    shop: shop!, supplier: { id: supplier!.id, profileId: supProfile!.id }, unconfigured: { id: bad!.id }, p,
    supplierViewer: { kind: 'user', anonymousId: randomUUID(), sessionId: 'test', user: supUser }, buyer,
  };
}

async function newUser(db: Db, email: string, profileId: string) {
  const [u] = await db.insert(users).values({ email, name: email.split('@')[0]!, password_hash: 'x', profile_id: profileId }).returning();
  return { id: u!.id, email: u!.email, name: u!.name, profile_id: u!.profile_id, user_level: u!.user_level };
}

export const CONTACT = { name: 'Rosa Martínez', email: 'rosa@test.example', phone: '5512345678' };
export const ADDRESS = {
  address_name: 'Casa', address_phone: '5512345678', street_address: 'Av. Insurgentes Sur', street_number: '1000', country: 'MX',
  locality: 'Ciudad de México', administrative_area_level_1: 'CDMX', postal_code: '03100', save: false,
} as const;

// ---------- picks from the demo data set (HTTP tests against the demo server) ----------


type DemoProduct = ReturnType<typeof buildDemoData>['products'][number];

/** Demo items offered by demo-03, by kind, so each HTTP test can use its own. */
export function demoPicks(shopSlug = 'demo-03') {
  const d = buildDemoData('x');
  const shopId = demoId.shop(shopSlug);
  const inShop = new Set(d.shopProducts.filter((s) => s.shop_id === shopId).map((s) => s.product_id));
  const ps = d.products.filter((p) => inShop.has(p.id!));
  const of = (key: string) => (p: DemoProduct) => p.supplier_id === demoId.supplier(key);
  const plain = (p: DemoProduct) => p.type === 'product' && p.list_state === 'published' && p.currency === 'MXN' && !p.is_free && !p.hide_price
    && Object.keys(p.variants ?? {}).length === 0;
  const ids = (list: DemoProduct[]) => list.map((p) => p.id!);
  return {
    shopSlug,
    /** Textiles del Bajío (proveedor@demo.test sets their stock): plain onstock items without a max. */
    textiles: ids(ps.filter((p) => of('textiles')(p) && plain(p) && p.stock_type === 'onstock' && p.max_purchase_amount == null)),
    textilesMax: ids(ps.filter((p) => of('textiles')(p) && plain(p) && p.stock_type === 'onstock' && p.max_purchase_amount === 3)),
    textilesVariants: ps.filter((p) => of('textiles')(p) && p.type === 'product' && p.list_state === 'published' && p.currency === 'MXN' && p.stock_type === 'onstock'
      && p.max_purchase_amount == null && Object.keys(p.variants ?? {}).length > 0).map((p) => ({ id: p.id!, variants: p.variants! })),
    unpublished: ids(ps.filter((p) => p.list_state === 'unpublished')),
    /** Barro y Madera: supplier not configured. */
    barro: ids(ps.filter((p) => of('barro')(p) && plain(p))),
    /** Café de Altura (takes paypal, openpay_store, crypto, cards): on-demand items. */
    cafeOnDemand: ids(ps.filter((p) => of('cafe')(p) && plain(p) && p.stock_type === 'ondemand' && p.max_purchase_amount == null)),
    /** Aventura MX experiences still to come. */
    /** Experiences still to come, with the first value of each variant axis chosen. */
    experiences: ps.filter((p) => of('aventura')(p) && p.type === 'experience' && p.list_state === 'published' && p.experience_available
      && p.experience_date && p.experience_date.getTime() > Date.now() && (p.stock_on_hand ?? 0) > 3 && p.currency === 'MXN' && !p.is_free)
      .map((p) => ({ id: p.id!, variant: Object.fromEntries(Object.entries(p.variants ?? {}).map(([k, v]) => [k, v[0]!])) })),
    suppliers: { textiles: demoId.supplier('textiles'), cafe: demoId.supplier('cafe'), barro: demoId.supplier('barro'), aventura: demoId.supplier('aventura') },
  };
}

// ---------- HTTP helpers ----------


export async function signUp(c: Client, prefix = 'buyer') {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`;
  await c.signup(email, 'Comprador Prueba');
  return email;
}

/** Starts a checkout (buy-now items unless `body` says otherwise), fills contact and address, picks fixed delivery. */
export async function readyCheckoutHttp(c: Client, shop: string, items: { product_id: string; amount: number }[], body: Record<string, unknown> = {}) {
  const s = await c.post('/api/checkout', { shop, items, buy_now: true, ...body });
  if (s.status !== 201) throw new Error(`start: ${s.status} ${s.text}`);
  const id = s.json().id;
  const p = await c.request('PATCH', `/api/checkout/${id}`, { body: { contact: CONTACT, address: ADDRESS } });
  if (p.status !== 200) throw new Error(`patch: ${p.status} ${p.text}`);
  const d = await c.request('PUT', `/api/checkout/${id}/delivery`, { body: { delivery_type: 'fixed_delivery' } });
  if (d.status !== 200) throw new Error(`delivery: ${d.status} ${d.text}`);
  return d.json();
}
