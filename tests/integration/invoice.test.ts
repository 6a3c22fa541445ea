// The order's invoice as a PDF (a purchase receipt, not a CFDI) over HTTP against the demo server: the buyer downloads
// it from GET /api/orders/{id}/invoice.pdf and the supplier from GET /api/supplier/orders/{id}/invoice.pdf, in the
// request's language, with the reference, lines, totals and invoicing data; everyone else gets 404.
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const supplier = new Client();
beforeAll(async () => { await supplier.login('proveedor@demo.test'); });
const GOOD = { rfc: 'MAPR800101AB1', name: 'Rosa Martinez Perez', tax_regime: '612', cfdi_use: 'G03', postal_code: '03100', email: 'facturas@test.example' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

/** The answer as bytes (the test client reads text, which would spoil a binary body), with the client's cookies. */
async function download(c: Client, path: string, headers: Record<string, string> = {}) {
  const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const r = await fetch(new URL(path, c.base), { headers: { ...c.defaults, ...headers, ...(cookie ? { cookie } : {}) } });
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) };
}

const winAnsi = new TextDecoder('windows-1252');

/** The text a PDF draws: each content stream (inflated when compressed), its hex and literal strings in WinAnsi. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const body = Buffer.from(m[1]!, 'latin1');
    let text: string;
    try { text = inflateSync(body).toString('latin1'); } catch { text = body.toString('latin1'); }
    for (const s of text.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(s[1] !== undefined ? winAnsi.decode(Buffer.from(s[1].replace(/\s/g, ''), 'hex')) : s[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return out.join('\n');
}

async function placeOrder(c: Client, product: string, payment_type = 'cash') {
  const ck = await readyCheckoutHttp(c, SHOP, [{ product_id: product, amount: 2 }]);
  const r = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type, token: ck.token });
  expect(r.status, r.text).toBe(200);
  const id = r.json().order_id as string;
  return (await c.get(`/api/orders/${id}`)).json() as { id: string; reference: string; order_total: number; currency: string };
}

describe('invoice PDF', () => {
  it('the buyer downloads it in their language, with the reference, total and invoicing data; others get 404', async () => {
    const buyer = new Client();
    await signUp(buyer, 'invpdf');
    expect((await supplier.request('PUT', `/api/supplier/products/${picks.textiles[3]!}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
    const o = await placeOrder(buyer, picks.textiles[3]!);
    const path = `/api/orders/${o.id}/invoice.pdf`;

    // Without invoicing data it says so.
    const bare = await download(buyer, path);
    expect(bare.status).toBe(200);
    expect(pdfText(bare.bytes)).toContain('Sin datos de facturación');

    expect((await buyer.request('PUT', `/api/orders/${o.id}/invoicing`, { body: GOOD })).status).toBe(200);
    const es = await download(buyer, path);
    expect(es.status).toBe(200);
    expect(es.headers.get('content-type')).toBe('application/pdf');
    expect(es.headers.get('content-disposition')).toBe(`attachment; filename="factura-${o.reference}.pdf"`);
    expect(es.headers.get('x-content-type-options')).toBe('nosniff');
    expect(es.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(es.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(es.bytes)).getPageCount()).toBeGreaterThan(0);
    const text = pdfText(es.bytes);
    for (const s of ['Comprobante de compra', o.reference, formatMoney(o.order_total, o.currency, 'es'), 'no es un CFDI', 'MAPR800101AB1', '612 — Personas Físicas', 'Efectivo contra entrega']) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('Sin datos de facturación');

    const en = pdfText((await download(buyer, path, EN)).bytes);
    expect(en).toContain('Purchase receipt');
    expect(en).toContain(o.reference);
    expect(en).toContain(formatMoney(o.order_total, o.currency, 'en'));
    expect(en).toContain('Cash on delivery');
    expect(en).not.toContain('Comprobante de compra');

    // The order page links to it, in the page's language.
    const page = (await buyer.get(`/${SHOP}/mis-compras/${o.id}`)).text;
    expect(page).toContain(`href="/api/orders/${o.id}/invoice.pdf"`);
    expect(page).toContain('Descargar factura (PDF)');

    const other = new Client();
    await signUp(other, 'invpdf');
    expect((await download(other, path)).status).toBe(404);
    expect((await download(new Client(), path)).status).toBe(404);
    // The buyer's endpoint is not the supplier's.
    expect((await download(supplier, path)).status).toBe(404);
  });

  it('a guest downloads it in the browser that bought; another browser gets 404', async () => {
    const g = new Client();
    const ck = await readyCheckoutHttp(g, SHOP, [{ product_id: picks.cafeOnDemand[1]!, amount: 1 }], { start_as_anonymous: true, guest: { email: `invpdf-guest-${Date.now()}@test.example` }, buy_now: false });
    const r = await g.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_store', token: ck.token });
    expect(r.status, r.text).toBe(200);
    const o = (await g.get(`/api/orders/${r.json().order_id}`)).json();
    const mine = await download(g, `/api/orders/${o.id}/invoice.pdf`, EN);
    expect(mine.status).toBe(200);
    const text = pdfText(mine.bytes);
    expect(text).toContain(o.reference);
    expect(text).toContain('No invoicing data');
    expect((await download(new Client(), `/api/orders/${o.id}/invoice.pdf`)).status).toBe(404);
  });

  it('the supplier downloads its own sale\'s invoice; another supplier\'s sale is 404', async () => {
    const buyer = new Client();
    await signUp(buyer, 'invpdf');
    expect((await supplier.request('PUT', `/api/supplier/products/${picks.textiles[4]!}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
    const mine = await placeOrder(buyer, picks.textiles[4]!);
    const r = await download(supplier, `/api/supplier/orders/${mine.id}/invoice.pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="factura-${mine.reference}.pdf"`);
    const text = pdfText(r.bytes);
    expect(text).toContain(mine.reference);
    expect(text).toContain(formatMoney(mine.order_total, mine.currency, 'es'));

    const sale = (await supplier.get(`/${SHOP}/mis-compras/ventas/${mine.id}`)).text;
    expect(sale).toContain(`href="/api/supplier/orders/${mine.id}/invoice.pdf?as=supplier"`);

    // Café de Altura's sale is not Textiles del Bajío's; nor may the buyer use the supplier's endpoint.
    const theirs = await placeOrder(buyer, picks.cafeOnDemand[1]!, 'paypal');
    expect((await download(supplier, `/api/supplier/orders/${theirs.id}/invoice.pdf`)).status).toBe(404);
    expect((await download(buyer, `/api/supplier/orders/${mine.id}/invoice.pdf`)).status).toBe(403);
    expect((await download(new Client(), `/api/supplier/orders/${mine.id}/invoice.pdf`)).status).toBe(401);
  });

  it('both downloads are in the OpenAPI document', async () => {
    const paths = (await new Client().get('/api/openapi.json')).json().paths;
    expect(paths).toHaveProperty(['/api/orders/{id}/invoice.pdf']);
    expect(paths).toHaveProperty(['/api/supplier/orders/{id}/invoice.pdf']);
  });
});
