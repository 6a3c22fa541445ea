// Ticket downloads as HTTP answers (one ticket's PDF, an order's tickets in one PDF or a ZIP of one PDF each), and
// what each ticket's QR carries: the scanner address of the ticket's shop with its code.
import type { Translator } from '../../lib/i18n/index.ts';
import { shopPublicOrigin } from '../catalog/index.ts';
import { orderReference } from '../orders/index.ts';
import { scanUrl, ticketCode } from './code.ts';
import { ticketsPdf, type PdfLabels, type PdfOptions } from './pdf.ts';
import type { TicketFull } from './repo.ts';
import type { TicketView } from './schema.ts';
import { zipStore } from './zip.ts';

/** The text a ticket's QR carries: `{shop origin}/admin/boletos?codigo={code}` (its shop's public address). */
export function qrTextFor(requestUrl: URL) {
  return (t: Pick<TicketFull, 'number' | 'secret' | 'shop_slug' | 'shop_canonical_url'>) =>
    scanUrl(shopPublicOrigin({ slug: t.shop_slug, canonical_url: t.shop_canonical_url }, requestUrl), ticketCode(t.number, t.secret));
}

/** The same for a ticket as the buyer's pages get it (TicketView). */
export function qrTextOfView(requestUrl: URL) {
  return (v: Pick<TicketView, 'code' | 'shop'>) => scanUrl(shopPublicOrigin(v.shop, requestUrl), v.code);
}

export function pdfLabels(t: Translator): PdfLabels {
  return {
    ticket: t('tickets.ticketWord'), experience: t('tickets.experience'), date: t('tickets.date'), noDate: t('tickets.noDate'),
    type: t('tickets.type'), attendee: t('tickets.attendee'), phone: t('tickets.phone'), code: t('tickets.ticketWord'),
    order: t('tickets.order'), stateUsed: t('tickets.state_used'), stateCanceled: t('tickets.state_canceled'),
    stateEnded: t('tickets.state_ended'), scanHint: t('tickets.scanHint'),
  };
}

function options(t: Translator, requestUrl: URL): PdfOptions {
  return { labels: pdfLabels(t), locale: t.locale === 'en' ? 'en-US' : t.locale === 'es-AR' ? 'es-AR' : 'es-MX', qrText: qrTextFor(requestUrl) };
}

function download(bytes: Uint8Array, type: string, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': type,
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

const ticketFile = (x: TicketFull) => `boleto-${x.number}.pdf`;

export async function ticketPdfResponse(x: TicketFull, t: Translator, requestUrl: URL): Promise<Response> {
  const bytes = await ticketsPdf([x], options(t, requestUrl), `${t('tickets.ticketWord')} ${x.number} - ${x.experience_name}`);
  return download(bytes, 'application/pdf', ticketFile(x));
}

export async function orderPdfResponse(list: TicketFull[], orderNumber: number, t: Translator, requestUrl: URL): Promise<Response> {
  const reference = orderReference(orderNumber);
  const bytes = await ticketsPdf(list, options(t, requestUrl), `${t('tickets.attendants')} - ${reference}`);
  return download(bytes, 'application/pdf', `boletos-${reference}.pdf`);
}

export async function orderZipResponse(list: TicketFull[], orderNumber: number, t: Translator, requestUrl: URL): Promise<Response> {
  const o = options(t, requestUrl);
  const entries = [];
  for (const x of list) entries.push({ name: ticketFile(x), data: await ticketsPdf([x], o, `${t('tickets.ticketWord')} ${x.number}`) });
  return download(zipStore(entries), 'application/zip', `boletos-${orderReference(orderNumber)}.zip`);
}
