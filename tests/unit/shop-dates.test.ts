// Dates in the shop's time zone and the request's language (src/lib/server/shop-dates.ts), and the store PATCH's
// time zone field (an IANA name, stored in its listed spelling).
import { describe, expect, it } from 'vitest';
import { storePatchSchema } from '../../src/domain/admin/schema.ts';
import { shopDates } from '../../src/lib/server/shop-dates.ts';
import { canonicalTimeZone } from '../../src/lib/shared/intl.ts';

// 2026-11-24 02:30 UTC: still the 23rd in Mexico City (20:30, UTC-6) and Buenos Aires (23:30, UTC-3).
const MOMENT = '2026-11-24T02:30:00Z';
const MX = 'America/Mexico_City';
const AR = 'America/Argentina/Buenos_Aires';

describe('shopDates', () => {
  it("formats in the request's shop's zone, in the request's language", () => {
    const es = shopDates({ locale: 'es', shop: { time_zone: MX } });
    expect(es.timeZone).toBe(MX);
    expect(es.date(MOMENT)).toBe('23 nov 2026');
    expect(es.time(MOMENT)).toMatch(/^8:30\s?p\.\s?m\.$/);
    expect(es.longDate(MOMENT)).toBe('23 de noviembre de 2026');
    expect(es.fullDateTime(MOMENT)).toMatch(/^lunes, 23 de noviembre de 2026, 8:30\s?p\.\s?m\.$/);

    const en = shopDates({ locale: 'en', shop: { time_zone: MX } });
    expect(en.date(MOMENT)).toBe('Nov 23, 2026');
    expect(en.dateTime(MOMENT)).toMatch(/^Nov 23, 2026, 8:30\s?PM$/);

    const ar = shopDates({ locale: 'es-AR', shop: { time_zone: AR } });
    expect(ar.time(MOMENT)).toMatch(/^(11:30\s?p\.\s?m\.|23:30)$/);
    expect(ar.date(MOMENT)).toBe('23 nov 2026');
  });

  it('the same moment differs by the zone between shops, and an explicit zone wins over the request shop', () => {
    const mx = shopDates({ locale: 'en', shop: { time_zone: MX } });
    const ar = shopDates({ locale: 'en', shop: { time_zone: MX } }, AR);
    expect(ar.timeZone).toBe(AR);
    expect(mx.time(MOMENT)).toMatch(/^8:30\s?PM$/);
    expect(ar.time(MOMENT)).toMatch(/^11:30\s?PM$/);
    expect(shopDates({ locale: 'en', shop: { time_zone: 'Asia/Tokyo' } }).date(MOMENT)).toBe('Nov 24, 2026');
  });

  it("without a shop it is Mexico City's; a broken stored zone does not fail the page; empty values give ''", () => {
    expect(shopDates({ locale: 'es', shop: null }).timeZone).toBe(MX);
    expect(shopDates({ locale: 'es' }).date(MOMENT)).toBe('23 nov 2026');
    const broken = shopDates({ locale: 'es', shop: { time_zone: 'Mars/Olympus' } });
    expect(broken.date(MOMENT)).toBe('23 nov 2026');
    expect(broken.dateTime(null)).toBe('');
    expect(broken.date('not a date')).toBe('');
  });
});

describe('time zone names', () => {
  it('accepts IANA names (any case, aliases Intl knows) and refuses abbreviations, offsets and inventions', () => {
    expect(canonicalTimeZone('America/Mexico_City')).toBe(MX);
    expect(canonicalTimeZone(' america/mexico_city ')).toBe(MX);
    expect(canonicalTimeZone(AR)).not.toBeNull();
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['EST', '+01:00', 'Mars/Olympus', 'America/Atlantis', '', 'America/Mexico_City; drop']) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });

  it('the store PATCH takes time_zone as a real zone and answers a field error otherwise', () => {
    const ok = storePatchSchema.safeParse({ time_zone: 'america/argentina/cordoba' });
    expect(ok.success).toBe(true);
    expect(ok.data?.time_zone?.toLowerCase()).toBe('america/argentina/cordoba');
    expect(storePatchSchema.safeParse({ time_zone: 'Europe/Madrid' }).data).toEqual({ time_zone: 'Europe/Madrid' });
    for (const bad of ['Mexico', 'CST', 'Europe/Nowhere', 'x'.repeat(65), 42]) {
      const r = storePatchSchema.safeParse({ time_zone: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['time_zone']);
    }
  });
});
