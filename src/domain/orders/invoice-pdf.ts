// An order's invoice as a PDF (pdf-lib): a receipt of the sale with seller, buyer and invoicing data, dates, lines,
// shipping, extra charge, totals, money paid and refunded, and the payment method. Not a CFDI stamped by the SAT (the
// document says so). `invoicePdf` takes the data and its texts and gives bytes; `invoicePdfResponse` is the download.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Translator } from '../../lib/i18n/index.ts';
import { formatDateTime } from '../../lib/shared/intl.ts';
import { formatMoney } from '../../lib/shared/money.ts';
import { CFDI_USE_LABEL, TAX_REGIME_LABEL, codeLabel } from '../../lib/shared/sat.ts';
import { winAnsi } from '../tickets/index.ts';
import type { InvoiceData } from './service.ts';

type Line = { label: string; value: string };

/** Everything the document prints, already in the reader's language (money and dates formatted). */
export interface InvoiceContent {
  title: string;
  reference: string;
  notCfdi: string;
  seller: { heading: string; lines: string[] };
  buyer: { heading: string; lines: string[] };
  invoicing: { heading: string; rows: Line[]; empty: string };
  dates: Line[];
  columns: { product: string; amount: string; unit: string; total: string };
  items: { name: string; amount: string; unit: string; total: string }[];
  totals: Line[];
  payment: { heading: string; rows: Line[] };
}

const W = 595; // A4 portrait in points
const H = 842;
const M = 48;
const INK = rgb(0.09, 0.09, 0.11);
const MUTED = rgb(0.36, 0.36, 0.4);
const BAND = rgb(0.12, 0.16, 0.27);

interface Fonts { regular: PDFFont; bold: PDFFont }

/** Cuts a text to the width (WinAnsi first: the standard fonts write nothing else). */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  let s = winAnsi(text);
  if (font.widthOfTextAtSize(s, size) <= width) return s;
  while (s.length > 1 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
  return `${s}…`;
}

/** A writer that moves down the page and starts a new one when the page is full. */
class Writer {
  page: PDFPage;
  y = H - M;
  constructor(private doc: PDFDocument, private fonts: Fonts) { this.page = doc.addPage([W, H]); }
  need(height: number) {
    if (this.y - height < M) { this.page = this.doc.addPage([W, H]); this.y = H - M; }
  }
  text(s: string, o: { x?: number; size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; width?: number; right?: boolean } = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const width = o.width ?? W - 2 * M;
    const t = fit(s, font, size, width);
    const x = o.right ? (o.x ?? W - M) - font.widthOfTextAtSize(t, size) : (o.x ?? M);
    this.page.drawText(t, { x, y: this.y, size, font, color: o.color ?? INK });
  }
  heading(s: string) {
    this.need(30);
    this.y -= 8;
    this.text(s.toUpperCase(), { size: 8, bold: true, color: MUTED });
    this.y -= 14;
  }
  row(label: string, value: string, bold = false) {
    this.need(15);
    this.text(label, { width: 200, bold, size: 10 });
    this.text(value, { x: M + 210, width: W - 2 * M - 210, bold, size: 10 });
    this.y -= 15;
  }
  rule() {
    this.page.drawLine({ start: { x: M, y: this.y + 10 }, end: { x: W - M, y: this.y + 10 }, thickness: 0.5, color: MUTED });
  }
}

export async function invoicePdf(c: InvoiceContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${c.title} ${c.reference}`));
  doc.setCreator('Tiendas');
  doc.setProducer('Tiendas');
  doc.setCreationDate(new Date());
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const w = new Writer(doc, fonts);

  w.page.drawRectangle({ x: 0, y: H - 76, width: W, height: 76, color: BAND });
  w.y = H - 36;
  w.text(c.title, { size: 16, bold: true, color: rgb(1, 1, 1) });
  w.y -= 22;
  w.text(c.reference, { size: 12, color: rgb(0.85, 0.87, 0.95) });
  w.y = H - 96;
  w.text(c.notCfdi, { size: 8.5, color: MUTED });
  w.y -= 8;

  w.heading(c.seller.heading);
  for (const l of c.seller.lines) { w.need(14); w.text(l); w.y -= 14; }
  w.heading(c.buyer.heading);
  for (const l of c.buyer.lines) { w.need(14); w.text(l); w.y -= 14; }
  w.heading(c.invoicing.heading);
  if (c.invoicing.rows.length) for (const r of c.invoicing.rows) w.row(r.label, r.value);
  else { w.text(c.invoicing.empty, { color: MUTED }); w.y -= 14; }
  w.y -= 6;
  for (const r of c.dates) w.row(r.label, r.value);

  // Lines: product | amount | unit price | line total (numbers right-aligned).
  const cols = { amount: W - M - 190, unit: W - M - 95, total: W - M };
  const header = () => {
    w.need(40);
    w.y -= 10;
    w.text(c.columns.product, { size: 8.5, bold: true, color: MUTED, width: cols.amount - M - 50 });
    w.text(c.columns.amount, { x: cols.amount, size: 8.5, bold: true, color: MUTED, right: true });
    w.text(c.columns.unit, { x: cols.unit, size: 8.5, bold: true, color: MUTED, right: true });
    w.text(c.columns.total, { x: cols.total, size: 8.5, bold: true, color: MUTED, right: true });
    w.y -= 16;
    w.rule();
  };
  header();
  for (const i of c.items) {
    if (w.y - 16 < M) { w.need(H); header(); }
    w.text(i.name, { width: cols.amount - M - 50 });
    w.text(i.amount, { x: cols.amount, right: true, width: 60 });
    w.text(i.unit, { x: cols.unit, right: true, width: 90 });
    w.text(i.total, { x: cols.total, right: true, width: 90 });
    w.y -= 16;
  }
  w.y -= 4;
  w.rule();
  w.y -= 6;
  c.totals.forEach((r, n) => {
    w.need(16);
    const bold = n === c.totals.length - 1;
    w.text(r.label, { x: cols.unit - 10, right: true, bold, width: 260 });
    w.text(r.value, { x: cols.total, right: true, bold, width: 90 });
    w.y -= 16;
  });
  w.heading(c.payment.heading);
  for (const r of c.payment.rows) w.row(r.label, r.value);
  return doc.save({ useObjectStreams: false });
}

// ---------- the texts of one order, and the download ----------

/** The payment method in words ('other payment method' for a code the locale does not know). */
function methodWords(t: Translator, code: string): string {
  const key = `payment.method-${code}` as Parameters<Translator>[0];
  return t.has(key) ? t(key) : t('payment.methodOther');
}

export function invoiceContent(d: InvoiceData, t: Translator): InvoiceContent {
  const money = (minor: number) => formatMoney(minor, d.currency, t.locale);
  const when = (v: string | null | undefined) => formatDateTime(v, t.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: d.time_zone });
  const inv = d.invoicing;
  const contact = d.contact as { name?: string; email?: string; phone?: string } | null;
  const totals: Line[] = [
    { label: t('invoice.items'), value: money(d.items_total) },
    { label: t('invoice.shipping'), value: money(d.shipping_total) },
  ];
  if (d.extra_charge > 0) totals.push({ label: t('invoice.extraCharge'), value: money(d.extra_charge) });
  totals.push({ label: t('invoice.total', { tax: money(d.included_tax) }), value: money(d.order_total) });
  const payment: Line[] = [
    { label: t('invoice.paymentMethod'), value: methodWords(t, d.payment.type) },
    { label: t('invoice.amountPaid'), value: money(d.amount_paid) },
    { label: t('invoice.amountRefunded'), value: money(d.amount_refunded) },
  ];
  return {
    title: t('invoice.title'),
    reference: t('invoice.reference', { reference: d.reference }),
    notCfdi: t('invoice.notCfdi'),
    seller: { heading: t('invoice.seller'), lines: [d.seller.name, d.shop.name && d.shop.name !== d.seller.name ? t('invoice.shop', { name: d.shop.name }) : ''].filter(Boolean) },
    buyer: { heading: t('invoice.buyer'), lines: [contact?.name, contact?.email, contact?.phone].filter((x): x is string => !!x) },
    invoicing: {
      heading: t('invoice.invoicing'),
      empty: t('invoice.noInvoicing'),
      rows: inv ? [
        { label: t('invoice.rfc'), value: inv.rfc ?? '' },
        { label: t('invoice.name'), value: inv.name ?? '' },
        { label: t('invoice.taxRegime'), value: codeLabel(TAX_REGIME_LABEL, inv.tax_regime) },
        { label: t('invoice.cfdiUse'), value: codeLabel(CFDI_USE_LABEL, inv.cfdi_use) },
        { label: t('invoice.postalCode'), value: inv.postal_code ?? '' },
        ...(inv.email ? [{ label: t('invoice.email'), value: inv.email }] : []),
      ] : [],
    },
    dates: [
      { label: t('invoice.placedAt'), value: when(d.placed_at) },
      { label: t('invoice.issuedAt'), value: when(new Date().toISOString()) },
    ],
    columns: { product: t('invoice.product'), amount: t('invoice.amount'), unit: t('invoice.unitPrice'), total: t('invoice.lineTotal') },
    items: d.items.map((i) => {
      const variant = Object.values((i.variant ?? {}) as Record<string, string>).join(' / ');
      return { name: variant ? `${i.name} — ${variant}` : i.name, amount: String(i.amount), unit: money(i.unit_price), total: money(i.line_total) };
    }),
    totals,
    payment: { heading: t('invoice.payment'), rows: payment },
  };
}

/** The download: `factura-PO-1234.pdf`, private and never cached. */
export async function invoicePdfResponse(d: InvoiceData, t: Translator): Promise<Response> {
  const bytes = await invoicePdf(invoiceContent(d, t));
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="factura-${d.reference.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
