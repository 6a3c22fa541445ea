// API errors answer in the request's language (the `lang` cookie, else Accept-Language; es by default): the code is
// stable, the message and every field message are the dictionaries' texts, never the server's English.
import { beforeAll, describe, expect, it } from 'vitest';
import { getT, type Locale } from '../../src/lib/i18n/index.ts';
import { Client } from '../support/http.ts';
import { demoPicks } from './checkout.fixtures.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
const LOCALES: Locale[] = ['es', 'en', 'es-AR'];

/** A client speaking `locale`: es and en by Accept-Language, es-AR by the `lang` cookie over an English browser. */
function speaking(locale: Locale): Client {
  if (locale === 'es-AR') {
    const c = new Client(undefined, { 'accept-language': 'en-US,en;q=0.9' });
    c.jar.set('lang', 'es-AR');
    return c;
  }
  return new Client(undefined, { 'accept-language': locale === 'es' ? 'es-MX,es;q=0.9' : 'en-GB,en;q=0.8' });
}

const ENGLISH = [
  'The e-mail or the password is not correct', 'The body is not valid', 'Required', 'Invalid input', 'Too small', 'Too big',
  'Invalid email address', 'a valid URL', 'Quantity exceeded', 'No endpoint at', 'is not supported here', 'not valid JSON',
];
function expectNotEnglish(text: string) {
  for (const e of ENGLISH) expect(text).not.toContain(e);
}

describe.each(LOCALES)('API errors in %s', (locale) => {
  const t = getT(locale);
  const c = speaking(locale);
  const spanish = locale !== 'en';

  it('a wrong password: invalid_credentials in the language', async () => {
    const r = await c.post('/api/auth/login', { email: 'nobody-here@demo.test', password: 'not-the-password' });
    expect(r.status).toBe(401);
    expect(r.json().error.code).toBe('invalid_credentials');
    expect(r.json().error.message).toBe(t('apiErrors.invalid_credentials'));
    if (spanish) expect(r.json().error.message).toBe('El correo o la contraseña no son correctos');
    else expect(r.json().error.message).toBe('The e-mail or the password is not correct');
  });

  it('invalid fields: bad e-mail, too short, too long and missing, each in the language', async () => {
    const r = await c.post('/api/auth/signup', { email: 'not-an-e-mail', password: 'short', name: 'x'.repeat(121) });
    expect(r.status).toBe(400);
    const { code, message, fields } = r.json().error;
    expect(code).toBe('validation_error');
    expect(message).toBe(t('apiErrors.validation_error'));
    expect(fields.email).toEqual([t('validation.invalidEmail')]);
    expect(fields.password).toEqual([t('validation.tooShort', { min: 10 })]);
    expect(fields.name).toEqual([t('validation.tooLong', { max: 120 })]);
    expect(fields.password[0]).toContain('10');
    expect(fields.name[0]).toContain('120');
    const missing = (await c.post('/api/auth/signup', { email: 'someone@demo.test', password: 'a-long-password' })).json().error;
    expect(missing.fields).toEqual({ name: [t('validation.required')] });
    if (spanish) {
      expect(message).toBe('Algunos campos no son válidos');
      expect(fields.email[0]).toMatch(/correo/);
      expect(fields.password[0]).toMatch(/caracteres/);
      expect(missing.fields.name).toEqual(['Obligatorio']);
      expectNotEnglish(JSON.stringify(r.json()) + JSON.stringify(missing));
    } else {
      expect(fields.email).toEqual(['Enter a valid e-mail address']);
      expect(missing.fields.name).toEqual(['Required']);
    }
  });

  it('a bad URL in a shop setting', async () => {
    const admin = speaking(locale);
    await admin.login('admin03@demo.test');
    const r = await admin.request('PATCH', `/api/shops/${SHOP}/admin/store`, { body: { users_support_url: 'javascript:alert(1)' } });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('validation_error');
    expect(r.json().error.fields.users_support_url).toEqual([t('validation.invalidUrl')]);
    if (spanish) expectNotEnglish(r.text);
    if (locale === 'es-AR') expect(r.json().error.fields.users_support_url[0]).toMatch(/^Escribí/);
  });

  it('quantity exceeded on a cart line says how many are left', async () => {
    const supplier = new Client();
    await supplier.login('proveedor@demo.test');
    const product = picks.textiles.at(-1)!;
    expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 3 } })).status).toBe(200);
    const shopper = speaking(locale);
    const email = `lang-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`;
    await shopper.signup(email, 'Comprador');
    const r = await shopper.post('/api/cart/items', { shop: SHOP, product_id: product, amount: 5 });
    expect(r.status, r.text).toBe(200);
    const notice = r.json().notices[0];
    expect(notice).toMatchObject({ code: 'quantity_exceeded', available: 3 });
    expect(notice.message).toBe(t('apiErrors.quantity_exceeded_detail', { available: 3 }));
    expect(notice.message).toContain('3');
    if (spanish) expect(notice.message).toMatch(/disponibles/);
    else expect(notice.message).toBe('Quantity exceeded: only 3 available');
    const bad = await shopper.request('PATCH', `/api/cart/items/${r.json().orders[0].products[0].item_id}`, { body: { shop: SHOP, amount: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.amount).toEqual([t('validation.quantity')]);
  });

  it('no such endpoint (404), a method the route does not take (405), malformed JSON (400)', async () => {
    const missing = await c.get('/api/no-such-endpoint');
    expect(missing.status).toBe(404);
    expect(missing.json().error).toEqual({ code: 'not_found', message: t('apiErrors.not_found') });
    const method = await c.request('DELETE', '/api/auth/login');
    expect(method.status).toBe(405);
    expect(method.json().error).toEqual({ code: 'method_not_allowed', message: t('apiErrors.method_not_allowed') });
    const malformed = await c.request('POST', '/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json().error).toEqual({ code: 'malformed_json', message: t('apiErrors.malformed_json') });
    if (spanish) for (const r of [missing, method, malformed]) expectNotEnglish(r.text);
  });

  it('refusals before the app: a malformed %-escape and a write from another site', async () => {
    const escape = await c.get('/api/shops/%E0%A4%A');
    expect(escape.status).toBe(400);
    expect(escape.json().error).toEqual({ code: 'malformed_url', message: t('apiErrors.malformed_url') });
    const foreign = await c.post('/api/auth/login', { email: 'a@b.test', password: 'x' }, { headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json().error).toEqual({ code: 'cross_origin', message: t('apiErrors.cross_origin') });
    if (spanish) expect(foreign.json().error.message).toBe('No se aceptan solicitudes desde otro sitio');
  });
});

describe('the lang cookie wins over Accept-Language', () => {
  let c: Client;
  beforeAll(() => {
    c = new Client(undefined, { 'accept-language': 'es-MX,es;q=0.9' });
    c.jar.set('lang', 'en');
  });
  it('answers in English for an English choice in a Spanish browser', async () => {
    const r = await c.post('/api/auth/login', { email: 'nobody-here@demo.test', password: 'not-the-password' });
    expect(r.json().error).toEqual({ code: 'invalid_credentials', message: 'The e-mail or the password is not correct' });
  });
});
