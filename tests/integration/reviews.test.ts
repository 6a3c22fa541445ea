// Reviews over HTTP against the demo server (seed 001 §2 review modal, §3 Review, §6 signed-in customers): a fresh
// buyer takes a Textiles del Bajío order to delivered (proveedor@demo.test moves the supplier's steps, as in
// orders.test.ts), then reviews it with a photo; the refusals (not bought, not delivered, duplicate, bad fields,
// someone else's review, photos that are no photos); the supplier's one answer; the public list, summary, product
// page (HTML, JSON-LD, no review script for anonymous shoppers, cache dropped on change) and cards; the demo reviews.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';
import { buildDemoData } from '../../src/db/seed/demo.ts';
import { demoReviewedProducts } from '../../src/db/seed/reviews.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const PRODUCT = picks.textiles[5]!; // bought, delivered and reviewed here
const NOT_DELIVERED = picks.cafeOnDemand.at(-1)!; // bought with a card, still waiting for the supplier
const NEVER_BOUGHT = picks.barro[0]!;
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

const supplier = new Client();
const buyer = new Client();
let orderId = '';
let productPath = '';

/** multipart/form-data upload with the client's cookies (the test client speaks JSON only). */
async function upload(c: Client, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(new URL('/api/reviews/photos', c.base), {
    method: 'POST', body: form,
    headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': c.defaults['x-forwarded-for']! },
  });
  return { status: res.status, json: (await res.json()) as any };
}
const png = (color: string, size = 64) => sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer();

async function deliver(id: string) {
  const step = async (path: string, body: unknown) => {
    const r = await supplier.post(`/api/supplier/orders/${id}/${path}`, body);
    expect(r.status, r.text).toBe(200);
    return r.json();
  };
  await step('next', { estimated_delivery_date: inDays(3), shipping_cost: 9900 });
  expect((await buyer.post(`/api/orders/${id}/next`)).status).toBe(200);
  await step('next', {});
  await step('next', { as: 'dssupplier' });
  await step('ship', { as: 'dssupplier', tracking_number: 'MX-REV-1' });
  expect((await step('next', { as: 'dssupplier' })).status).toBe('delivered');
}

const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).join('\n')
  + [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]).join('\n');
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, any>;

beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  await signUp(buyer, 'reviewer');
  const product = (await new Client().get(`/api/products/${PRODUCT}`)).json();
  productPath = `/${SHOP}/productos/${product.owner}/${PRODUCT}`;
  expect((await supplier.request('PUT', `/api/supplier/products/${PRODUCT}/stock`, { body: { stock_on_hand: 20 } })).status).toBe(200);
});

describe('reviews', () => {
  it('refuses reviews of things not bought or not delivered, with the reason', async () => {
    expect((await new Client().post('/api/reviews', { product_id: PRODUCT, rating: 5 })).status).toBe(401);
    const never = await buyer.post('/api/reviews', { product_id: NEVER_BOUGHT, rating: 5 });
    expect(never.status).toBe(403);
    expect(never.json().error).toMatchObject({ code: 'forbidden', field_codes: { product_id: ['not_bought'] } });
    expect(never.json().error.message).toBe('No tienes permiso para hacer esto'); // the code's text (es by default)
    // Bought with a card, paid, but the supplier has not even confirmed it.
    const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: NOT_DELIVERED, amount: 1 }]);
    const card = (await buyer.post('/api/payments/cards/tokens', { name: 'R', number: '4242424242424242', cvc: '123', exp: '12/35' })).json().id;
    const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: card });
    expect(paid.status, paid.text).toBe(200);
    const early = await buyer.post('/api/reviews', { product_id: NOT_DELIVERED, rating: 4 });
    expect(early.status).toBe(403);
    expect(early.json().error.field_codes).toEqual({ product_id: ['not_delivered'] });
    expect(early.json().error.code).toBe('forbidden');
    // Photos are for people who received something.
    expect((await upload(buyer, await png('#0a0'), 'foto.png', 'image/png')).status).toBe(403);
    expect((await buyer.post('/api/reviews', { product_id: '00000000-0000-4000-8000-000000000000', rating: 5 })).status).toBe(404);
  });

  it('takes an order to delivered, then the buyer reviews it with a photo', async () => {
    const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: PRODUCT, amount: 1 }]);
    const placed = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(placed.status, placed.text).toBe(200);
    orderId = placed.json().order_id;
    const before = await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 5 });
    expect(before.status).toBe(403);
    expect(before.json().error.field_codes.product_id).toEqual(['not_delivered']);
    await deliver(orderId);

    // Rules of the fields, all at once.
    const bad = await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 6, title: 'x'.repeat(121), text: 'y'.repeat(2001) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['rating', 'text', 'title']);
    expect((await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 0 })).json().error.fields.rating).toBeDefined();
    expect((await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 3.5 })).json().error.fields.rating).toBeDefined();
    expect((await buyer.post('/api/reviews', { product_id: PRODUCT })).json().error.fields.rating).toBeDefined();
    const fivePhotos = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    expect((await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 4, photos: fivePhotos })).json().error.fields.photos).toBeDefined();
    const foreign = await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 4, photos: ['00000000-0000-4000-8000-000000000009'] });
    expect(foreign.status).toBe(400);
    expect(foreign.json().error.fields.photos[0]).toMatch(/Unknown photo/);

    // Photos: the admin upload's checks (content, not name) and size limit; JPEG or PNG only.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await upload(buyer, svg, 'dibujo.svg', 'image/svg+xml')).status).toBe(415);
    expect((await upload(buyer, Buffer.from('not an image at all'), 'foto.png', 'image/png')).status).toBe(415);
    expect((await upload(buyer, await png('#00f'), 'foto.jpg', 'image/jpeg')).status).toBe(415);
    const huge = await upload(buyer, Buffer.alloc(4_000_001, 1), 'grande.png', 'image/png');
    expect(huge.status).toBe(413);
    const photo = await upload(buyer, await png('#c00', 120), 'mi-foto.png', 'image/png');
    expect(photo.status, JSON.stringify(photo.json)).toBe(201);
    expect(photo.json).toMatchObject({ content_type: 'image/png', width: 120, height: 120 });
    expect((await new Client().get(photo.json.url)).status).toBe(200);

    const r = await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 4, title: '  Tela suave y buena costura  ', text: 'Llegó bien doblado.\nLa talla es exacta.', photos: [photo.json.id] });
    expect(r.status, r.text).toBe(201);
    expect(r.json()).toMatchObject({
      product_id: PRODUCT, rating: 4, title: 'Tela suave y buena costura', text: 'Llegó bien doblado.\nLa talla es exacta.',
      photos: [{ id: photo.json.id, url: photo.json.url }], author: { name: 'Comprador P.' }, verified_purchase: true, edited: false, answer: null,
    });
    // One review per buyer and product.
    const again = await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 2 });
    expect(again.status).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'conflict', field_codes: { product_id: ['already_reviewed'] } });
  });

  it('lists, sorts and sums up the reviews publicly; the author finds their own', async () => {
    const anon = new Client();
    const list = (await anon.get(`/api/products/${PRODUCT}/reviews`)).json();
    expect(list.matches_estimated).toBe(1);
    expect(list.results[0]).toMatchObject({ rating: 4, title: 'Tela suave y buena costura' });
    expect((await anon.get(`/api/products/${PRODUCT}/reviews?rating=4`)).json().matches_estimated).toBe(1);
    expect((await anon.get(`/api/products/${PRODUCT}/reviews?rating=5`)).json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await anon.get(`/api/products/${PRODUCT}/reviews?sort=best`)).status).toBe(400);
    expect((await anon.get(`/api/products/${PRODUCT}/reviews?limit=51`)).status).toBe(400);
    expect((await anon.get(`/api/products/${PRODUCT}/reviews/summary`)).json()).toEqual({ count: 1, average: 4, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
    expect((await anon.get(`/api/products/${picks.unpublished[0]}/reviews`)).status).toBe(404);
    const mine = (await buyer.get(`/api/reviews?product_id=${PRODUCT}`)).json();
    expect(mine.results.map((x: { product_id: string }) => x.product_id)).toEqual([PRODUCT]);
    expect((await anon.get('/api/reviews')).status).toBe(401);
    // The demo reviews: seven of three Café de Altura coffees (src/db/seed/reviews.ts).
    const [first, second] = demoReviewedProducts(buildDemoData('x'));
    expect((await anon.get(`/api/products/${first!.id}/reviews/summary`)).json()).toEqual({ count: 3, average: 4.7, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
    const demo = (await anon.get(`/api/products/${first!.id}/reviews?sort=lowest`)).json();
    expect(demo.results.map((x: { rating: number }) => x.rating)).toEqual([4, 5, 5]);
    const newest = (await anon.get(`/api/products/${first!.id}/reviews?limit=1`)).json().results[0];
    expect(newest).toMatchObject({ author: { name: 'Lucía H.' }, verified_purchase: true, answer: { supplier: { name: 'Café de Altura' } } });
    expect(newest.photos).toHaveLength(2);
    expect((await anon.get(`/api/products/${second!.id}/reviews?sort=highest`)).json().results.map((x: { rating: number }) => x.rating)).toEqual([4, 3]);
    // They appear in the API document.
    const paths = Object.keys((await anon.get('/api/openapi.json')).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/products/{id}/reviews', '/api/products/{id}/reviews/summary', '/api/reviews', '/api/reviews/{id}', '/api/reviews/{id}/answer', '/api/reviews/photos']));
  });

  it('shows the review on the product page for everyone, with JSON-LD and no review script', async () => {
    const anon = new Client();
    const page = await anon.get(productPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Tela suave y buena costura');
    expect(page.text).toContain('Comprador P.');
    expect(page.text).toMatch(/Compra verificada/);
    expect(page.text).toMatch(/<img[^>]+loading="lazy"[^>]*>/);
    const ld = jsonLd(page.text);
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5 });
    expect(ld.review[0]).toMatchObject({ '@type': 'Review', reviewRating: { ratingValue: 4 }, author: { name: 'Comprador P.' }, name: 'Tela suave y buena costura' });
    expect(page.text).toMatch(/<a href="#opiniones"[ >]/);
    // Review pages: out of range shows the nearest page; the canonical address stays the product's.
    const far = await anon.get(`${productPath}?opiniones=99`);
    expect(far.status).toBe(200);
    expect(far.text).toContain('Tela suave y buena costura');
    expect(far.text).toMatch(new RegExp(`<link rel="canonical" href="[^"?]*${productPath.replace(/^\/demo-03/, '')}"`));
    // Server-rendered only: nothing of the review island reaches an anonymous shopper.
    expect(scriptsOf(page.text)).not.toMatch(/review/i);
    // A product without reviews has no aggregateRating (search engines refuse a count of 0).
    const none = await anon.get(`/api/products/${NEVER_BOUGHT}`);
    const bare = await anon.get(`/${SHOP}/productos/${none.json().owner}/${NEVER_BOUGHT}`);
    if (bare.status === 200) expect(jsonLd(bare.text).aggregateRating).toBeUndefined();
    // Cards carry the average and count, read in the list's own statement (and in the live card fragment).
    const listing = (await anon.get(`/api/shops/${SHOP}/products?type=product&limit=100`)).json();
    expect(listing.results.every((x: { rating?: unknown }) => x.rating === null || typeof x.rating === 'object')).toBe(true);
    const card = await anon.get(`/${SHOP}/fragments/card/${PRODUCT}`);
    expect(card.status).toBe(200);
    expect(card.text).toMatch(/class="item-rating"[^]*4[.,]0[^]*\(1\)/);
  });

  it('lets only the author change or delete it (404 for others); changes reach cached pages at once', async () => {
    const id = (await buyer.get(`/api/reviews?product_id=${PRODUCT}`)).json().results[0].id;
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await other.request('PATCH', `/api/reviews/${id}`, { body: { rating: 1 } })).status).toBe(404);
    expect((await other.request('DELETE', `/api/reviews/${id}`)).status).toBe(404);
    expect((await new Client().request('PATCH', `/api/reviews/${id}`, { body: { rating: 1 } })).status).toBe(401);
    expect((await buyer.request('PATCH', `/api/reviews/${id}`, { body: { rating: 9 } })).json().error.fields.rating).toBeDefined();

    // The anonymous page is cached ...
    await new Client().get(productPath);
    expect((await new Client().get(productPath)).headers['x-page-cache']).toBe('hit');
    // ... and dropped when the review changes (the trigger's product_events notification).
    const before = (await buyer.get(`/api/reviews?product_id=${PRODUCT}`)).json().results[0];
    const changed = await buyer.request('PATCH', `/api/reviews/${id}`, { body: { rating: 5, title: 'Mejor de lo que esperaba', photos: [] } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json()).toMatchObject({ rating: 5, title: 'Mejor de lo que esperaba', photos: [], edited: true });
    // The photo taken off the review is deleted.
    expect((await new Client().get(before.photos[0].url)).status).toBe(404);
    let fresh = '';
    for (let i = 0; i < 40 && !fresh.includes('Mejor de lo que esperaba'); i++) {
      fresh = (await new Client().get(productPath)).text;
      if (!fresh.includes('Mejor de lo que esperaba')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(fresh).toContain('Mejor de lo que esperaba');
    expect(jsonLd(fresh).aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect((await new Client().get(`/api/products/${PRODUCT}/reviews/summary`)).json()).toMatchObject({ count: 1, average: 5, stars: { 4: 0, 5: 1 } });
  });

  it('lets the product\'s supplier answer once, publicly', async () => {
    const id = (await buyer.get(`/api/reviews?product_id=${PRODUCT}`)).json().results[0].id;
    const other = new Client();
    await other.login('cliente@demo.test');
    expect((await other.post(`/api/reviews/${id}/answer`, { text: 'Hola' })).status).toBe(403);
    expect((await buyer.post(`/api/reviews/${id}/answer`, { text: 'Yo mismo' })).status).toBe(403);
    expect((await supplier.post(`/api/reviews/${id}/answer`, { text: '   ' })).status).toBe(400);
    const a = await supplier.post(`/api/reviews/${id}/answer`, { text: '¡Gracias por tu compra!' });
    expect(a.status, a.text).toBe(201);
    expect(a.json().answer).toMatchObject({ text: '¡Gracias por tu compra!', supplier: { name: 'Textiles del Bajío' } });
    expect((await supplier.post(`/api/reviews/${id}/answer`, { text: 'Otra vez' })).status).toBe(409);
    // Another supplier's review: Café de Altura's demo reviews are not Textiles del Bajío's to answer.
    const [first] = demoReviewedProducts(buildDemoData('x'));
    const cafe = (await supplier.get(`/api/products/${first!.id}/reviews?sort=lowest`)).json().results[0].id;
    expect((await supplier.post(`/api/reviews/${cafe}/answer`, { text: 'No es mío' })).status).toBe(403);
    expect((await supplier.post('/api/reviews/00000000-0000-4000-8000-000000000000/answer', { text: 'x' })).status).toBe(404);
  });

  it('shows the buyer the review entry on the delivered order page only (the island loads there)', async () => {
    const order = await buyer.get(`/${SHOP}/mis-compras/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.text).toMatch(/<astro-island[^>]+ReviewEntry[^>]+client="interaction"/);
    expect(order.text).toContain('Editar tu opinión');
    // The order that is not delivered has none.
    const open = (await buyer.get('/api/orders?state=sent_to_supplier')).json().results[0];
    expect((await buyer.get(`/${SHOP}/mis-compras/${open.id}`)).text).not.toMatch(/ReviewEntry/);
  });

  it('deletes the review for its author', async () => {
    const id = (await buyer.get(`/api/reviews?product_id=${PRODUCT}`)).json().results[0].id;
    expect((await buyer.request('DELETE', `/api/reviews/${id}`)).json()).toEqual({ deleted: true });
    expect((await buyer.request('DELETE', `/api/reviews/${id}`)).status).toBe(404);
    expect((await new Client().get(`/api/products/${PRODUCT}/reviews/summary`)).json()).toEqual({ count: 0, average: null, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    // Deleted, the buyer may write a new one (still a delivered purchase).
    expect((await buyer.post('/api/reviews', { product_id: PRODUCT, rating: 3 })).status).toBe(201);
  });
});
