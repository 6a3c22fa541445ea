// Ticket codes (what the QR carries and the door checks), states, QR and file making: pure functions, no database.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTicketCode, readableCode, scanUrl, secretMatches, secretPart, ticketCode } from '../../src/domain/tickets/code.ts';
import { darkRuns, qrMatrix, qrSvg } from '../../src/domain/tickets/qr.ts';
import { winAnsi } from '../../src/domain/tickets/pdf.ts';
import { experienceEnded, ticketState, typeLabel } from '../../src/domain/tickets/service.ts';
import { zipStore } from '../../src/domain/tickets/zip.ts';
import { TICKET_ENDED_AFTER_MS, TICKET_SECRET_CHARS } from '../../src/lib/shared/constants.ts';

const secret = () => randomBytes(17).toString('hex');

describe('ticket codes', () => {
  it('carry 130 random bits in 26 base32 characters after the number', () => {
    const s = secret();
    const code = ticketCode(100123, s);
    expect(code).toMatch(/^100123-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(TICKET_SECRET_CHARS * 5).toBeGreaterThanOrEqual(128);
    // Deterministic from the stored secret (the buyer sees the same QR every time) ...
    expect(ticketCode(100123, s)).toBe(code);
    // ... and different secrets give different codes.
    const many = new Set(Array.from({ length: 2000 }, () => secretPart(secret())));
    expect(many.size).toBe(2000);
  });

  it('spreads the secret over the whole alphabet (base32 of the bytes, most significant bits first)', () => {
    expect(secretPart('00'.repeat(17))).toBe('0'.repeat(26));
    expect(secretPart('ff'.repeat(17))).toBe('Z'.repeat(26));
    // 0x08 = 00001 000...: the first character takes the first five bits.
    expect(secretPart(`08${'00'.repeat(16)}`)).toBe(`1${'0'.repeat(25)}`);
    expect(() => secretPart('abc')).toThrow();
  });

  it('reads typed codes loosely and scanner addresses, and refuses what cannot be a code', () => {
    const s = secret();
    const code = ticketCode(100777, s);
    const part = secretPart(s);
    expect(parseTicketCode(code)).toEqual({ number: 100777, secret: part });
    expect(parseTicketCode(readableCode(code))).toEqual({ number: 100777, secret: part });
    expect(parseTicketCode(` ${code.toLowerCase()} `)).toEqual({ number: 100777, secret: part });
    // O, I, L read as 0, 1, 1 (they are not in the alphabet).
    const withZero = ticketCode(100778, '00'.repeat(17));
    expect(parseTicketCode(withZero.replace(/0/g, 'O').replace(/^1OO778/, '100778'))).toEqual({ number: 100778, secret: '0'.repeat(26) });
    expect(parseTicketCode(scanUrl('https://demo-03.example', code))).toEqual({ number: 100777, secret: part });
    expect(parseTicketCode(`http://demo-03.localhost:4321/admin/boletos?codigo=${encodeURIComponent(readableCode(code))}`)).toEqual({ number: 100777, secret: part });
    for (const bad of ['', 'hola', part, `-${part}`, `abc-${part}`, `100777-${part.slice(1)}U`, `0-${part}`, `99999999999-${part}`, 'https://x.example/?other=1', 'x'.repeat(3000)]) {
      expect(parseTicketCode(bad), bad).toBeNull();
    }
  });

  it('compares the secret part in constant time and only accepts the exact one', () => {
    const s = secret();
    const part = secretPart(s);
    expect(secretMatches(s, part)).toBe(true);
    const flipped = part.slice(0, -1) + (part.endsWith('0') ? '1' : '0');
    expect(secretMatches(s, flipped)).toBe(false);
    expect(secretMatches(s, part.slice(1))).toBe(false);
    expect(secretMatches(s, '')).toBe(false);
    expect(secretMatches(s, `${part}0`)).toBe(false);
  });
});

describe('ticket states', () => {
  const now = Date.parse('2027-03-20T20:00:00Z');
  const at = (ms: number) => new Date(now + ms);
  it('canceled over used over ended over valid; an experience ends TICKET_ENDED_AFTER_MS after its date', () => {
    expect(ticketState({ used_at: null, canceled_at: null, experience_date: at(3_600_000) }, now)).toBe('valid');
    expect(ticketState({ used_at: null, canceled_at: null, experience_date: at(-TICKET_ENDED_AFTER_MS + 60_000) }, now)).toBe('valid');
    expect(ticketState({ used_at: null, canceled_at: null, experience_date: at(-TICKET_ENDED_AFTER_MS - 60_000) }, now)).toBe('ended');
    expect(ticketState({ used_at: null, canceled_at: null, experience_date: null }, now)).toBe('valid');
    expect(ticketState({ used_at: at(-1000), canceled_at: null, experience_date: at(-TICKET_ENDED_AFTER_MS * 2) }, now)).toBe('used');
    expect(ticketState({ used_at: null, canceled_at: at(-1000), experience_date: at(1000) }, now)).toBe('canceled');
    expect(experienceEnded(null, now)).toBe(false);
  });

  it('the type is the experience line\'s variant', () => {
    expect(typeLabel({})).toBeNull();
    expect(typeLabel({ Horario: 'Mañana', Idioma: 'Español' })).toBe('Horario: Mañana · Idioma: Español');
  });
});

describe('QR and files', () => {
  it('draws the QR as one SVG path on white with a quiet zone, labelled', () => {
    const text = 'http://demo-03.localhost:4321/admin/boletos?codigo=100001-ABCDEFGHJKMNPQRSTVWXYZ0123';
    const m = qrMatrix(text);
    expect(m.length).toBe(m[0]!.length);
    expect(m[0]!.every((v) => v === false)).toBe(true); // quiet zone
    expect(m[4]!.slice(4, 11)).toEqual([true, true, true, true, true, true, true]); // finder pattern's top edge
    const cells = m.flat().filter(Boolean).length;
    expect(darkRuns(m).reduce((n, [, , w]) => n + w, 0)).toBe(cells);
    const svg = qrSvg(text, 'Código QR del boleto <1>');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+" role="img" aria-label="Código QR del boleto &lt;1&gt;"/);
    expect(svg).not.toContain('<script');
    expect(svg.match(/<path /g)).toHaveLength(1);
  });

  it('keeps text the PDF fonts can write', () => {
    expect(winAnsi('Tour en lancha · Bahía de Banderas — «Año Nuevo» €5')).toBe('Tour en lancha · Bahía de Banderas — «Año Nuevo» €5');
    expect(winAnsi('Őrség Łódź café 漢字 🎟')).toBe('Orség ?ódz café ?? ?'); // accents dropped where WinAnsi lacks the letter
    expect(winAnsi('a\nb')).toBe('a b');
  });

  it('writes a ZIP whose entries read back (stored, CRC-32, UTF-8 names)', () => {
    const a = new TextEncoder().encode('%PDF-1.7 uno');
    const b = new TextEncoder().encode('%PDF-1.7 dos, más largo');
    const zip = Buffer.from(zipStore([{ name: 'boleto-1.pdf', data: a }, { name: 'boleto-ñ.pdf', data: b }]));
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(2);
    // Walk the central directory and read each entry through its local header.
    let p = zip.readUInt32LE(end + 16);
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect(zip.readUInt32LE(p)).toBe(0x02014b50);
      const size = zip.readUInt32LE(p + 20);
      const nameLen = zip.readUInt16LE(p + 28);
      const local = zip.readUInt32LE(p + 42);
      names.push(zip.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
      const dataAt = local + 30 + zip.readUInt16LE(local + 26);
      const data = zip.subarray(dataAt, dataAt + size);
      expect(data.toString()).toBe(i === 0 ? '%PDF-1.7 uno' : '%PDF-1.7 dos, más largo');
      p += 46 + nameLen;
    }
    expect(names).toEqual(['boleto-1.pdf', 'boleto-ñ.pdf']);
  });
});
