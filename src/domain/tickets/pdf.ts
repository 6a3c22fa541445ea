// Ticket PDFs (pdf-lib, on the server): one A5 page per ticket with the experience, date, type, attendee, the QR drawn
// as vector squares and the code under it. One ticket, or all of an order's in one document; a ZIP of one PDF each.
// Texts use the standard Helvetica/Courier fonts (WinAnsi): characters outside it are written without accents or
// as '?', never an error.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TicketFull } from './repo.ts';
import { darkRuns, qrMatrix } from './qr.ts';
import { readableCode, ticketCode } from './code.ts';
import { ticketState, typeLabel } from './service.ts';
import { orderReference } from '../orders/index.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/shared/intl.ts';

/** The texts a ticket page prints, in the viewer's language. */
export interface PdfLabels {
  ticket: string; experience: string; date: string; noDate: string; type: string; attendee: string; phone: string;
  code: string; order: string; stateUsed: string; stateCanceled: string; stateEnded: string; scanHint: string;
}

export interface PdfOptions {
  labels: PdfLabels;
  /** BCP 47 locale for dates (es-MX, en-US). */
  locale: string;
  /** What each ticket's QR carries (the scanner address with the code). */
  qrText: (t: TicketFull) => string;
  /** Overrides the ticket's shop's time zone (the experience's local time). */
  timeZone?: string;
}

// WinAnsi beyond Latin-1 (cp1252 0x80-0x9F).
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can write: accents kept where WinAnsi has them, else dropped, else '?'. */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\t') { out += ' '; continue; }
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) { out += ch; continue; }
    const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    out += base && [...base].every((c) => c.codePointAt(0)! <= 0x7e && c.codePointAt(0)! >= 0x20) ? base : '?';
  }
  return out;
}

function wrap(text: string, font: PDFFont, size: number, width: number, maxLines = 3): string[] {
  const words = winAnsi(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else { lines.push(line); line = w; }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last}…`;
    return kept;
  }
  // A single word wider than the line is cut.
  return lines.map((l) => {
    let s = l;
    while (s.length > 1 && font.widthOfTextAtSize(s, size) > width) s = s.slice(0, -1);
    return s;
  });
}

const W = 420; // A5 portrait in points
const H = 595;
const M = 32;
const INK = rgb(0.09, 0.09, 0.11);
const MUTED = rgb(0.36, 0.36, 0.4);
const BAND = rgb(0.12, 0.16, 0.27);
const RED = rgb(0.7, 0.14, 0.1);

function drawTicket(page: PDFPage, t: TicketFull, fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont }, o: PdfOptions) {
  const { regular, bold, mono } = fonts;
  const L = o.labels;
  page.drawRectangle({ x: 0, y: H - 64, width: W, height: 64, color: BAND });
  page.drawText(winAnsi(t.shop_name).slice(0, 60), { x: M, y: H - 30, size: 13, font: bold, color: rgb(1, 1, 1) });
  page.drawText(winAnsi(`${L.ticket} ${t.number}`), { x: M, y: H - 50, size: 10, font: regular, color: rgb(0.85, 0.87, 0.95) });

  let y = H - 92;
  for (const line of wrap(t.experience_name, bold, 17, W - 2 * M, 2)) {
    page.drawText(line, { x: M, y, size: 17, font: bold, color: INK });
    y -= 21;
  }
  const when = t.experience_date
    ? new Intl.DateTimeFormat(o.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: o.timeZone || t.shop_time_zone || DEFAULT_TIME_ZONE }).format(new Date(t.experience_date))
    : L.noDate;
  const rows: [string, string][] = [[L.date, when]];
  const type = typeLabel(t.variant);
  if (type) rows.push([L.type, type]);
  rows.push([L.attendee, t.holder_name], [L.phone, t.holder_phone]);
  y -= 4;
  for (const [label, value] of rows) {
    page.drawText(winAnsi(label).toUpperCase(), { x: M, y, size: 7.5, font: bold, color: MUTED });
    y -= 13;
    for (const line of wrap(value, regular, 11.5, W - 2 * M, 2)) {
      page.drawText(line, { x: M, y, size: 11.5, font: regular, color: INK });
      y -= 14;
    }
    y -= 4;
  }

  const m = qrMatrix(o.qrText(t));
  const qrSize = Math.min(210, y - 96);
  const cell = qrSize / m.length;
  const qx = (W - qrSize) / 2;
  const qy = y - 8 - qrSize;
  page.drawRectangle({ x: qx, y: qy, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  for (const [x, row, len] of darkRuns(m)) {
    // Slightly over-drawn cells so neighbouring squares leave no hairline gaps in viewers.
    page.drawRectangle({ x: qx + x * cell, y: qy + qrSize - (row + 1) * cell, width: len * cell + 0.05, height: cell + 0.05, color: rgb(0, 0, 0) });
  }
  const code = readableCode(ticketCode(t.number, t.secret));
  const codeSize = 10;
  page.drawText(code, { x: (W - mono.widthOfTextAtSize(code, codeSize)) / 2, y: qy - 16, size: codeSize, font: mono, color: INK });
  const hint = winAnsi(L.scanHint);
  page.drawText(hint, { x: (W - regular.widthOfTextAtSize(hint, 8)) / 2, y: qy - 30, size: 8, font: regular, color: MUTED });

  const state = ticketState(t);
  if (state !== 'valid') {
    const stamp = winAnsi(state === 'used' ? L.stateUsed : state === 'canceled' ? L.stateCanceled : L.stateEnded).toUpperCase();
    const size = 26;
    const width = bold.widthOfTextAtSize(stamp, size);
    page.drawRectangle({ x: (W - width) / 2 - 10, y: qy + qrSize / 2 - 14, width: width + 20, height: 38, color: rgb(1, 1, 1), borderColor: RED, borderWidth: 2.5, opacity: 0.92 });
    page.drawText(stamp, { x: (W - width) / 2, y: qy + qrSize / 2 - 4, size, font: bold, color: RED });
  }
  page.drawLine({ start: { x: M, y: 44 }, end: { x: W - M, y: 44 }, thickness: 0.5, color: MUTED, dashArray: [3, 3] });
  const foot = winAnsi(`${L.order} ${orderReference(t.order_number)} · ${L.code} ${t.number}`);
  page.drawText(foot, { x: M, y: 28, size: 8.5, font: regular, color: MUTED });
}

/** One PDF with a page per ticket. */
export async function ticketsPdf(list: TicketFull[], o: PdfOptions, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setCreator('Tiendas');
  doc.setProducer('Tiendas');
  doc.setCreationDate(new Date());
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  for (const t of list) drawTicket(doc.addPage([W, H]), t, fonts, o);
  return doc.save({ useObjectStreams: false });
}
