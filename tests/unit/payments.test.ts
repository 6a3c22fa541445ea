import { describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/domain/payments/signature.ts';
import { PAYMENT_METHOD_TABLE, methodInfo } from '../../src/domain/payments/methods.ts';
import { PAYMENT_METHODS } from '../../src/lib/shared/constants.ts';
import { cardBrand, expired, luhnValid, normalizeCardNumber, parseExpiry, sandboxCard } from '../../src/domain/payments/cards.ts';
import { agencies, findRate, quote, zoneOf } from '../../src/domain/checkout/rates.ts';
import { nationalPhone } from '../../src/domain/checkout/schema.ts';
import { sandboxCard as cardProvider } from '../../src/domain/payments/providers.ts';
import { PROVIDERS } from '../../src/domain/payments/registry.ts';

describe('webhook signatures (HMAC-SHA256)', () => {
  const body = '{"id":"evt_1","type":"payment.succeeded","data":{"charge_id":"ch_1"}}';
  it('accepts its own signature and refuses any change', () => {
    const now = 1_800_000_000;
    const header = sign(body, 'secret', now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verify(body, header, 'secret', now)).toEqual({ ok: true, timestamp: now });
    expect(verify(`${body} `, header, 'secret', now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify(body, header, 'other', now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify(body, header.replace(/v1=./, 'v1=0'), 'secret', now).ok).toBe(false);
    expect(verify(body, `t=${now + 1},${header.split(',')[1]}`, 'secret', now)).toEqual({ ok: false, reason: 'mismatch' });
  });
  it('refuses missing, malformed and stale headers', () => {
    expect(verify(body, null, 's')).toEqual({ ok: false, reason: 'missing' });
    expect(verify(body, 'garbage', 's')).toEqual({ ok: false, reason: 'malformed' });
    expect(verify(body, 'v1=abcd', 's')).toEqual({ ok: false, reason: 'malformed' });
    expect(verify(body, 't=1,v1=zz', 's', 1)).toEqual({ ok: false, reason: 'mismatch' });
    const old = sign(body, 's', 1000);
    expect(verify(body, old, 's', 1000 + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(verify(body, old, 's', 1000 + 299).ok).toBe(true);
  });
  it('accepts any of several v1 values (secret rotation)', () => {
    const now = 1_800_000_000;
    const a = sign(body, 'old', now).split(',')[1];
    const b = sign(body, 'new', now).split(',')[1];
    expect(verify(body, `t=${now},${a},${b}`, 'new', now).ok).toBe(true);
  });
});

describe('payment methods -> flows', () => {
  it('maps every payment method constant of seed 001 §3 to a flow and a provider', () => {
    expect(Object.keys(PAYMENT_METHOD_TABLE).sort()).toEqual([...PAYMENT_METHODS].sort());
    for (const m of PAYMENT_METHODS) {
      const info = methodInfo(m)!;
      expect(['card', 'redirect', 'bank_transfer', 'store_cash', 'crypto', 'deposit', 'cash_on_delivery']).toContain(info.flow);
      expect(PROVIDERS[info.provider]).toBeDefined();
      expect(info.installments).toBe(info.flow === 'card');
    }
    expect(['paypal', 'mobbex', 'aplazo'].map((m) => methodInfo(m)!.flow)).toEqual(['redirect', 'redirect', 'redirect']);
    expect(methodInfo('openpay_bank')).toMatchObject({ flow: 'bank_transfer', window_ms: 3600_000 });
    expect(methodInfo('openpay_store')!.flow).toBe('store_cash');
    expect(methodInfo('cash')!.flow).toBe('cash_on_delivery');
    expect(methodInfo('nope')).toBeNull();
  });
});

describe('card input rules (seed 001 §5) and sandbox test cards', () => {
  it('strips spaces, cuts to 19, splits MM/YY, checks Luhn and brand', () => {
    expect(normalizeCardNumber('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('1234567890123456789012')).toHaveLength(19);
    expect(parseExpiry('07/29')).toEqual({ exp_month: 7, exp_year: 2029 });
    expect(parseExpiry('7 / 2031')).toEqual({ exp_month: 7, exp_year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0729')).toBeNull();
    expect(expired({ exp_month: 1, exp_year: 2020 })).toBe(true);
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(sandboxCard('4000000000003220').behaviour).toBe('challenge_3ds');
    expect(sandboxCard('4000056655665556').type).toBe('debit');
    expect(sandboxCard('4111111111111111').behaviour).toBe('approve');
  });
  it('the sandbox card provider answers each test behaviour', async () => {
    const pay = (b: string) => ({ id: 'p1', sandbox_behaviour: b } as never);
    expect((await cardProvider.start(pay('approve'), { windowMs: null })).status).toBe('succeeded');
    expect(await cardProvider.start(pay('decline'), { windowMs: null })).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    expect(await cardProvider.start(pay('challenge_3ds'), { windowMs: null })).toMatchObject({ status: 'requires_action', action: { kind: '3ds', url: '/sandbox/3ds/p1' } });
    expect(await cardProvider.start(pay('requires_action'), { windowMs: null })).toMatchObject({ action: { kind: 'next_action' } });
    expect(await cardProvider.start(pay('processing_error'), { windowMs: null })).toMatchObject({ failure: { message: 'Ha ocurrido un error' } });
  });
});

describe('courier rate table', () => {
  it('zones by postal code prefix, prices by weight band, deterministic ids', () => {
    expect(zoneOf('03100')).toBe('A');
    expect(zoneOf('44100')).toBe('B');
    expect(zoneOf('64000')).toBe('C');
    expect(zoneOf('97000')).toBe('D');
    expect(zoneOf('00000')).toBeNull();
    expect(zoneOf('1234')).toBeNull();
    const light = quote('03100', 1000)!;
    const heavy = quote('03100', 6000)!;
    expect(light.map((r) => r.rate_id)).toEqual(['economica.standard.A.0', 'rapida.express.A.0']);
    expect(heavy[0]!.cost).toBeGreaterThan(light[0]!.cost);
    expect(light[1]!.cost).toBeGreaterThan(light[0]!.cost);
    expect(quote('03100', 60_000)).toBeNull();
    expect(findRate('03100', 1000, 'economica.standard.A.0')).toEqual(light[0]);
    expect(findRate('03100', 6000, 'economica.standard.A.0')).toBeNull();
    expect(agencies('64000', 1000)!.every((a) => a.cost < quote('64000', 1000)![0]!.cost)).toBe(true);
  });
  it('reduces phones to the national number', () => {
    expect(nationalPhone('+52 55 1234 5678')).toBe('5512345678');
    expect(nationalPhone('(55) 1234-5678')).toBe('5512345678');
  });
});
