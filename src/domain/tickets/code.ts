// Ticket codes (server only). A ticket's code is `{number}-{secret part}`: the number (public, sequential) finds the
// row; the secret part is the first 130 bits of the ticket's random `secret` (made by the database, see
// src/db/schema/tickets.ts) written in Crockford's base32, 26 characters. A scanned or typed code is compared with the
// row's in constant time, so answers never leak how much of a guess was right.
//
// What a QR carries is the scanner page's address with the code (`{shop}/admin/boletos?codigo=...`): a phone's own
// camera app opens the scanner with the code filled in, and the scanner page's camera reads the same thing.
import { timingSafeEqual } from 'node:crypto';
import { TICKET_SECRET_CHARS } from '../../lib/shared/constants.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Letters people confuse, read the way Crockford's base32 reads them. */
const LOOKALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };
const SECRET_HEX = /^[0-9a-f]{34}$/;
/** Query parameter of the scanner page that carries a code. */
export const CODE_PARAM = 'codigo';

/** The secret part of a ticket's code: the first 130 bits of its 17 secret bytes in base32. */
export function secretPart(secretHex: string): string {
  if (!SECRET_HEX.test(secretHex)) throw new Error('A ticket secret is 17 bytes of hex');
  const bytes = Buffer.from(secretHex, 'hex');
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < TICKET_SECRET_CHARS) {
      out += ALPHABET[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
    acc &= (1 << bits) - 1;
  }
  return out;
}

/** The whole code of a ticket, as printed under its QR: `100123-K7QM3XHA9ZPR2TVWB4NC6DFGJY`. */
export function ticketCode(number: number, secretHex: string): string {
  return `${number}-${secretPart(secretHex)}`;
}

/** The code in groups of four for reading aloud or typing: `100123-K7QM 3XHA 9ZPR 2TVW B4NC 6DFG JY`. */
export function readableCode(code: string): string {
  const [n, s = ''] = code.split('-');
  return `${n}-${s.replace(/(.{4})(?=.)/g, '$1 ')}`;
}

/** The scanner address a ticket's QR carries. */
export function scanUrl(shopOrigin: string, code: string): string {
  return `${shopOrigin}/admin/boletos?${CODE_PARAM}=${encodeURIComponent(code)}`;
}

export interface ParsedCode { number: number; secret: string }

/**
 * Reads what a scanner got or a person typed: the scanner address (with ?codigo=), or the code itself with any
 * spacing, dashes and case; O, I and L count as 0, 1 and 1. The last 26 characters are the secret part, the digits
 * before them the number. Answers null when it cannot be a code.
 */
export function parseTicketCode(input: string): ParsedCode | null {
  let text = input.trim();
  if (text.length > 2000) return null;
  if (/^https?:\/\//i.test(text)) {
    try { text = new URL(text).searchParams.get(CODE_PARAM) ?? ''; } catch { return null; }
  }
  const compact = text.toUpperCase().replace(/[\s\-_.·]+/g, '').replace(/[OIL]/g, (c) => LOOKALIKES[c]!);
  if (compact.length <= TICKET_SECRET_CHARS || compact.length > TICKET_SECRET_CHARS + 10) return null;
  const numberPart = compact.slice(0, compact.length - TICKET_SECRET_CHARS);
  const secret = compact.slice(-TICKET_SECRET_CHARS);
  if (!/^\d+$/.test(numberPart) || [...secret].some((c) => !ALPHABET.includes(c))) return null;
  const number = Number(numberPart);
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) return null;
  return { number, secret };
}

/** Whether `given` is the secret part of the ticket whose secret is `secretHex`, compared in constant time. */
export function secretMatches(secretHex: string, given: string): boolean {
  const expected = Buffer.from(secretPart(secretHex), 'latin1');
  const actual = Buffer.from(given, 'latin1');
  if (actual.length !== expected.length) return false;
  return timingSafeEqual(expected, actual);
}
