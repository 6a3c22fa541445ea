// Demo reviews (seed 001 §3 Review): seven reviews of three Café de Altura coffees that demo-03 offers, written by
// four demo buyers. Honest data, not a flag: only buyers of a delivered order line may review (src/domain/reviews),
// so each buyer gets a real delivered, card-paid order of Café de Altura in demo-03 (checkout, order, lines,
// payment, the three machines' history), and each review points at its line. Two reviews carry the supplier's
// answer, one carries two photos (PNG, as customers upload them, registered in review_photos).
// The buyers are extra demo accounts (password DEMO_PASSWORD), kept apart from cliente@demo.test and the other
// documented logins so their orders do not show in those accounts. Deterministic: fixed ids (seedUuid), dates
// (seedDate) and texts. Inserted inside the demo seed's transaction, after products and shops; the reviews'
// trigger fills product_review_stats.
import { createHash } from 'node:crypto';
import type { Tx } from '../client.ts';
import {
  checkouts, media, orderHistory, orderItems, orders, payments, productReviews, profiles, reviewPhotos, users,
  type AddressFields, type LineSnapshot,
} from '../schema/index.ts';
import { RETURN_WINDOW_MS } from '../../lib/shared/constants.ts';
import { SANDBOX_PATH } from '../../domain/shipping/rules.ts';
import { shipmentEvents } from '../schema/shipping.ts';
import { mediaFileUrl } from '../../domain/media/service.ts';
import { seedDate, seedUuid, slugify } from './ids.ts';
import { productImage } from './images.ts';

type ProductRow = typeof import('../schema/index.ts').products.$inferInsert;
interface DemoRows { products: ProductRow[]; shopProducts: { shop_id: string; product_id: string }[] }

export const DEMO_REVIEW_SHOP = 'demo-03';
const SUPPLIER = 'cafe';
const SHIPPING = 14_900;
const SHIPPING_DAYS = 3;

/** The demo buyers who reviewed (all with the demo password). */
export const DEMO_REVIEWERS = [
  { key: 'lucia', name: 'Lucía Hernández Ruiz', email: 'lucia.hernandez@demo.test', phone: '5511223344' },
  { key: 'carlos', name: 'Carlos Mendoza Pérez', email: 'carlos.mendoza@demo.test', phone: '3312345678' },
  { key: 'ana', name: 'Ana Torres Villalobos', email: 'ana.torres@demo.test', phone: '2221098765' },
  { key: 'jorge', name: 'Jorge Ramírez Soto', email: 'jorge.ramirez@demo.test', phone: '8187654321' },
] as const;
type ReviewerKey = (typeof DEMO_REVIEWERS)[number]['key'];

interface ReviewDef { by: ReviewerKey; product: 0 | 1 | 2; rating: number; title: string; text: string; answer?: string; photos?: number }

/** product: index among the picked coffees. Newest last (dates grow down the list). */
const REVIEWS: ReviewDef[] = [
  { by: 'carlos', product: 0, rating: 4, title: 'Buen tueste, llegó rápido', text: 'El aroma al abrir la bolsa es muy intenso. Para mi gusto está un poco amargo en prensa francesa, pero en cafetera de goteo queda perfecto.' },
  { by: 'jorge', product: 1, rating: 3, title: 'Correcto, sin sorpresas', text: 'Es un café agradable para diario. Esperaba notas más frutales por la descripción del tueste claro.' },
  { by: 'carlos', product: 2, rating: 2, title: 'La bolsa llegó abierta', text: 'El café se ve bien, pero la válvula de la bolsa venía despegada y perdió parte del aroma.', answer: 'Lamentamos mucho lo del empaque, Carlos. Ya reforzamos el sellado de las bolsas de 1 kg; escríbenos y te enviamos una bolsa de reposición.' },
  { by: 'ana', product: 0, rating: 5, title: 'Mi favorito para las mañanas', text: 'Cuerpo completo, notas a chocolate amargo y nada de acidez. Lo compro cada mes.' },
  { by: 'lucia', product: 1, rating: 4, title: 'Muy rico en V60', text: 'Preparado en V60 salen notas cítricas muy limpias. La molienda gruesa me funcionó mejor que la media.' },
  { by: 'ana', product: 2, rating: 5, title: 'Delicioso y bien empacado', text: 'Llegó en tres días, bien sellado y con fecha de tueste reciente. Dulce, con notas a caramelo.' },
  {
    by: 'lucia', product: 0, rating: 5, title: 'Excelente café de Cuetzalan', photos: 2,
    text: 'Tueste parejo, grano entero y brillante. En espresso da una crema espesa. Les dejo fotos de cómo llegó.',
    answer: '¡Gracias, Lucía! Nos alegra que te haya gustado. Tostamos cada lote la semana en que se envía.',
  },
];

const rid = (k: string) => seedUuid(`review-demo:${k}`);

const ADDRESS = (name: string, phone: string): AddressFields => ({
  address_name: name, address_phone: phone, street_address: 'Av. Juárez', route: 'Av. Juárez', street_number: '120', country: 'MX',
  administrative_area_level_1: 'Ciudad de México', administrative_area_level_2: 'Cuauhtémoc', administrative_area_level_3: null,
  administrative_area_level_4: null, administrative_area_level_5: null, locality: 'Ciudad de México', sublocality: 'Centro',
  postal_code: '06000', formatted_address: 'Av. Juárez 120, Centro, Cuauhtémoc, Ciudad de México, 06000, MX',
});

/** The three coffees reviewed: the first published, plain (no variants) Café de Altura products demo-03 offers. */
export function demoReviewedProducts(rows: DemoRows): ProductRow[] {
  const shopId = seedUuid(`shop:${DEMO_REVIEW_SHOP}`);
  const inShop = new Set(rows.shopProducts.filter((s) => s.shop_id === shopId).map((s) => s.product_id));
  const picked = rows.products.filter((p) => inShop.has(p.id!) && p.supplier_id === seedUuid(`supplier:${SUPPLIER}`) && p.type === 'product'
    && (p.list_state ?? 'published') === 'published' && !p.hiden && !p.disabled && Object.keys(p.variants ?? {}).length === 0
    && (p.currency ?? 'MXN') === 'MXN' && !p.is_free && !p.hide_price).slice(0, 3);
  if (picked.length < 3) throw new Error('demo reviews: demo-03 offers fewer than three Café de Altura products');
  return picked;
}

/** Review photos as a customer would upload them: PNG pictures of the coffee (rasterised demo artwork). */
async function photoPng(name: string, index: number): Promise<Buffer> {
  const svg = productImage({ name, icon: 'coffee', hue: 24, index, fileName: 'x.svg' }).svg;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg, 'utf8')).resize(480, 480, { fit: 'cover' }).png({ compressionLevel: 9 }).toBuffer();
}

export async function insertDemoReviews(tx: Tx, rows: DemoRows, passwordHash: string) {
  const coffees = demoReviewedProducts(rows);
  const shopId = seedUuid(`shop:${DEMO_REVIEW_SHOP}`);
  const supplierId = seedUuid(`supplier:${SUPPLIER}`);

  await tx.insert(profiles).values(DEMO_REVIEWERS.map((b, i) => ({
    id: rid(`profile:${b.key}`), name: b.name, slug: `demo-${b.key}-${slugify(b.name.split(' ')[1]!)}`,
    created_at: seedDate(45_000 + i),
  })));
  await tx.insert(users).values(DEMO_REVIEWERS.map((b, i) => ({
    id: rid(`user:${b.key}`), email: b.email, name: b.name, password_hash: passwordHash, user_level: 'ul0' as const,
    profile_id: rid(`profile:${b.key}`), created_at: seedDate(45_000 + i), email_verified_at: seedDate(45_000 + i),
  })));

  // One order per buyer with every coffee the buyer reviewed, placed days apart, delivered three days later.
  const itemIds = new Map<string, string>();
  for (const [bi, b] of DEMO_REVIEWERS.entries()) {
    const mine = [...new Set(REVIEWS.filter((r) => r.by === b.key).map((r) => r.product))].sort();
    const placed = 50_000 + bi * 1440;
    const at = (minutes: number) => seedDate(placed + minutes);
    const lines: LineSnapshot[] = mine.map((i) => {
      const p = coffees[i]!;
      return {
        product_id: p.id!, variant: {}, amount: 1, name: p.name, photo: (p.photos as string[] | undefined)?.[0] ?? null, type: 'product',
        unit_price: p.list_price, crossout_price: p.crossout_price ?? null, currency: 'MXN', stock_type: p.stock_type ?? 'onstock',
        is_dropshipping: p.is_dropshipping ?? true, owner: p.owner, experience_date: null, contribution_margin: p.contribution_margin ?? 0,
      };
    });
    const itemsTotal = lines.reduce((n, l) => n + l.unit_price * l.amount, 0);
    const total = itemsTotal + SHIPPING;
    const checkoutId = rid(`checkout:${b.key}`);
    const orderId = rid(`order:${b.key}`);
    const contact = { name: b.name, email: b.email, phone: b.phone };
    const address = ADDRESS(b.name, b.phone);
    const delivery = { label: 'fixed_delivery', cost: SHIPPING, days: SHIPPING_DAYS };
    const card = { brand: 'visa', last4: '4242', type: 'credit', bank: 'Banco Sandbox', name: b.name };
    const delivered = at(3 * 1440 + 600);
    await tx.insert(checkouts).values({
      id: checkoutId, shop_id: shopId, supplier_id: supplierId, user_id: rid(`user:${b.key}`), source: 'cart', status: 'completed',
      currency: 'MXN', lines, items_total: itemsTotal, contact, address, delivery_type: 'fixed_delivery', delivery,
      shipping_total: SHIPPING, shipping_days: SHIPPING_DAYS, payment_token: `ptk_demo_review_${b.key}_ck`, expires_at: at(15),
      created_at: at(0), updated_at: at(2),
    });
    await tx.insert(orders).values({
      id: orderId, checkout_id: checkoutId, shop_id: shopId, supplier_id: supplierId, user_id: rid(`user:${b.key}`), contact, address,
      delivery_type: 'fixed_delivery', delivery, status: 'delivered', payment_status: 'paid', fulfillment_status: 'delivered',
      payment_type: 'str_card', payment_flow: 'card', payment_method: { ...card, installments: null },
      payment_token: `ptk_demo_review_${b.key}`, currency: 'MXN', items_total: itemsTotal, shipping_total: SHIPPING, order_total: total,
      amount_paid: total, estimated_delivery_date: delivered.toISOString().slice(0, 10), confirmed_shipping_cost: SHIPPING,
      shipping_days: SHIPPING_DAYS, tracking_number: `MX-DEMO-${1000 + bi}`, placed_at: at(2), delivered_at: delivered,
      return_deadline: new Date(delivered.getTime() + RETURN_WINDOW_MS), created_at: at(2), updated_at: delivered,
    });
    await tx.insert(orderItems).values(lines.map((l) => {
      const id = rid(`order-item:${b.key}:${l.product_id}`);
      itemIds.set(`${b.key}:${l.product_id}`, id);
      return {
        id, order_id: orderId, product_id: l.product_id, variant: {}, name: l.name, photo: l.photo, type: 'product', unit_price: l.unit_price,
        crossout_price: l.crossout_price, amount: 1, line_total: l.unit_price, currency: 'MXN', is_dropshipping: l.is_dropshipping, owner: l.owner,
        contribution_margin: l.contribution_margin ?? 0,
      };
    }));
    await tx.insert(payments).values({
      id: rid(`payment:${b.key}`), order_id: orderId, provider: 'sandbox-card', payment_type: 'str_card', flow: 'card',
      idempotency_key: `demo-review:${b.key}`, provider_ref: `ch_demo_review_${b.key}`, kind: 'order', amount: total, currency: 'MXN',
      status: 'succeeded', card, sandbox_behaviour: 'approve', created_at: at(2), updated_at: at(3), completed_at: at(3),
    });
    const user = rid(`user:${b.key}`);
    const h = (machine: 'status' | 'payment' | 'fulfillment', event: string, from: string | null, to: string, role: 'customer' | 'supplier' | 'provider', minutes: number, note: string | null = null) => ({
      order_id: orderId, machine, event, from_state: from, to_state: to, actor_role: role, actor_user_id: role === 'customer' ? user : null, note, created_at: at(minutes),
    });
    await tx.insert(orderHistory).values([
      h('status', 'place', null, 'sent_to_supplier', 'customer', 2), h('payment', 'place', null, 'pending', 'customer', 2),
      h('fulfillment', 'place', null, 'unfulfilled', 'customer', 2),
      h('payment', 'authorize', 'pending', 'authorized', 'provider', 3), h('payment', 'pay', 'authorized', 'paid', 'provider', 3),
      h('status', 'confirm', 'sent_to_supplier', 'seller_confirmed', 'supplier', 240),
      h('status', 'customer_confirm', 'seller_confirmed', 'customer_confirmed', 'customer', 300),
      h('status', 'process', 'customer_confirmed', 'in_process', 'supplier', 1440), h('fulfillment', 'prepare', 'unfulfilled', 'preparing', 'supplier', 1440),
      h('status', 'ready', 'in_process', 'ready_to_deliver', 'supplier', 1500), h('fulfillment', 'ready', 'preparing', 'ready', 'supplier', 1500),
      h('fulfillment', 'ship', 'ready', 'shipped', 'supplier', 1560, `MX-DEMO-${1000 + bi}`),
      h('status', 'deliver', 'ready_to_deliver', 'delivered', 'supplier', 3 * 1440 + 600), h('fulfillment', 'deliver', 'shipped', 'delivered', 'supplier', 3 * 1440 + 600),
    ]);
    // The parcel's tracking, from the label to the door (shown on the order page).
    const shippedAt = 1560, step = (3 * 1440 + 600 - shippedAt) / (SANDBOX_PATH.length - 1);
    await tx.insert(shipmentEvents).values(SANDBOX_PATH.map((status, k) => ({
      order_id: orderId, courier: 'own', tracking_number: `MX-DEMO-${1000 + bi}`, status,
      location: [null, 'Centro de distribución León', 'Centro de distribución Querétaro', 'Sucursal de entrega', null][k] ?? null,
      event_key: `${orderId}:seed:${status}`, occurred_at: at(shippedAt + Math.round(k * step)),
    })));
  }

  for (const [i, r] of REVIEWS.entries()) {
    const p = coffees[r.product]!;
    const id = rid(`review:${r.by}:${p.id}`);
    const at = seedDate(60_000 + i * 1440);
    const photos: { id: string; url: string; bytes: Buffer }[] = [];
    for (let k = 0; k < (r.photos ?? 0); k++) {
      const mediaId = rid(`photo:${r.by}:${p.id}:${k}`);
      photos.push({ id: mediaId, url: mediaFileUrl(mediaId, 'image/png'), bytes: await photoPng(p.name, k) });
    }
    if (photos.length) {
      await tx.insert(media).values(photos.map((ph, k) => ({
        id: ph.id, owner: rid(`profile:${r.by}`), content_type: 'image/png', bytes: ph.bytes, byte_size: ph.bytes.length, width: 480, height: 480,
        original_name: `cafe-${k + 1}.png`, sha256: createHash('sha256').update(ph.bytes).digest('hex'), created_at: at,
      })));
    }
    await tx.insert(productReviews).values({
      id, product_id: p.id!, user_id: rid(`user:${r.by}`), order_item_id: itemIds.get(`${r.by}:${p.id}`)!, rating: r.rating, title: r.title, text: r.text,
      photos: photos.map((ph) => ph.url), answer_text: r.answer ?? null, answered_at: r.answer ? seedDate(60_000 + i * 1440 + 300) : null,
      answered_by: null, created_at: at, updated_at: at,
    });
    if (photos.length) await tx.insert(reviewPhotos).values(photos.map((ph) => ({ media_id: ph.id, user_id: rid(`user:${r.by}`), review_id: id, created_at: at })));
  }
}
