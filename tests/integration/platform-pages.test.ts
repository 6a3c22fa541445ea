// The platform's own pages (sign-in, sign-up, 404, the network list) in the visitor's language: the `lang` cookie
// or, without it, Accept-Language. Messages for a failed sign-in come from the dictionary by the error's code.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

const inLocale = (lang: 'es' | 'en') => { const c = new Client(); c.jar.set('lang', lang); return c; };
const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('sign-in page', () => {
  it('is Spanish for a Spanish visitor and English for an English one', async () => {
    const es = (await inLocale('es').get('/login')).text;
    expect(es).toContain('<html lang="es"');
    for (const s of ['<title>Iniciar sesión</title>', 'Correo electrónico', 'Contraseña', '>Entrar</button>', '¿No tienes cuenta?', '>Crear cuenta</a>']) expect(es).toContain(s);
    const en = (await inLocale('en').get('/login')).text;
    expect(en).toContain('<html lang="en"');
    for (const s of ['<title>Log in</title>', 'E-mail', 'Password', '>Log in</button>', 'No account yet?', '>Create account</a>', '>Business network</a>']) expect(en).toContain(s);
    for (const s of ['Iniciar sesión', 'Correo electrónico', 'Contraseña', 'Entrar', 'Red comercial', 'Ayuda']) expect(en).not.toContain(s);
  });

  it('follows Accept-Language when no language was chosen', async () => {
    const r = await new Client(undefined, { 'accept-language': 'en-GB,en;q=0.9' }).get('/login');
    expect(r.text).toContain('<title>Log in</title>');
  });

  it("says a wrong password in the page's language", async () => {
    const es = await inLocale('es').request('POST', '/login', form({ email: 'cliente@demo.test', password: 'not-the-password' }));
    expect(es.status).toBe(401);
    expect(es.text).toContain('El correo o la contraseña no son correctos');
    expect(es.text).not.toContain('The e-mail or the password is not correct');
    const en = await inLocale('en').request('POST', '/login', form({ email: 'cliente@demo.test', password: 'not-the-password' }));
    expect(en.text).toContain('The e-mail or the password is not correct');
  });
});

describe('sign-up page', () => {
  it('labels its fields in the visitor language', async () => {
    const es = (await inLocale('es').get('/signup')).text;
    for (const s of ['<title>Crear cuenta</title>', '>Nombre', '(al menos 10 caracteres)', '¿Ya tienes cuenta?', '>Inicia sesión</a>']) expect(es).toContain(s);
    const en = (await inLocale('en').get('/signup')).text;
    for (const s of ['<title>Create account</title>', '>Name', '(at least 10 characters)', 'Already have an account?', '>Log in</a>']) expect(en).toContain(s);
    for (const s of ['Nombre', 'caracteres', 'Crear cuenta']) expect(en).not.toContain(s);
  });

  it('answers a taken e-mail like a new one (the code step, in the page language); a bad field in the language', async () => {
    const fresh = `otra-${Date.now().toString(36)}@test.example`;
    for (const [lang, email, title] of [['es', 'cliente@demo.test', 'Revisa tu correo'], ['en', 'cliente@demo.test', 'Check your e-mail'], ['es', fresh, 'Revisa tu correo']] as const) {
      const c = inLocale(lang);
      const r = await c.request('POST', '/signup', form({ name: 'Otra Persona', email, password: 'a-long-password' }));
      expect(r.status).toBe(303);
      expect(r.headers.location).toBe('/login/pin?next=%2F&alta=1&enviado=1');
      const page = (await c.get(r.headers.location!)).text;
      expect(page).toContain(`>${title}</h1>`);
      expect(page).not.toMatch(/already exists|ya existe/);
    }
    const short = await inLocale('en').request('POST', '/signup', form({ name: 'Someone Else', email: 'someone@test.example', password: 'short' }));
    expect(short.status).toBe(400);
    expect(short.text).toMatch(/class="field-error"[^>]*>Enter at least 10 characters</);
  });
});

describe('404 and the network', () => {
  it('answers an unknown address with a 404 page in the visitor language', async () => {
    const es = await inLocale('es').get('/ayuda/no-such-page');
    expect(es.status).toBe(404);
    expect(es.text).toMatch(/<h1[^>]*>¡Página no encontrada!<\/h1>/);
    expect(es.text).toContain('>Volver al inicio</a>');
    const en = await inLocale('en').get('/ayuda/no-such-page');
    expect(en.status).toBe(404);
    expect(en.text).toMatch(/<h1[^>]*>Page not found!<\/h1>/);
    expect(en.text).toContain('>Back to the main page</a>');
    expect(en.text).not.toContain('Volver al inicio');
  });

  it('names store types in words, not codes', async () => {
    const es = (await inLocale('es').get('/red-comercial')).text;
    expect(es).toContain('>Franquicia</span>');
    expect(es).toContain('>Tienda afiliada</span>');
    expect(es).not.toMatch(/>(franchise|affiliate|affinity)</);
    const en = (await inLocale('en').get('/red-comercial')).text;
    expect(en).toContain('>Franchise</span>');
    expect(en).toMatch(/\d+ shops in the network/);
  });
});

describe('sandbox provider pages', () => {
  it("speak the visitor's language and name the provider, the card and the state in words", async () => {
    const c = new Client();
    await signUp(c, 'sandbox');
    const ck = await readyCheckoutHttp(c, 'demo-03', [{ product_id: demoPicks().cafeOnDemand[0]!, amount: 1 }]);
    const card = (await c.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number: '4000 0000 0000 3220', cvc: '123', exp: '12/35' })).json().id;
    const pay = (await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'str_card', token: ck.token, card_token: card, msi_payments: 3 })).json();
    const url = pay.payment.url_3ds as string;
    c.jar.set('lang', 'en');
    const en = (await c.get(url)).text;
    for (const s of ['3-D Secure verification', 'Issuing bank · test environment', '>Merchant<', '>Stripe · ', '>Interest-free instalments<', 'Authorize payment', '>Decline<']) expect(en).toContain(s);
    for (const s of ['str_card', 'Stripe card', 'Autorizar', 'Comercio']) expect(en).not.toContain(s);
    c.jar.set('lang', 'es');
    const es = (await c.get(url)).text;
    for (const s of ['Verificación 3-D Secure', '>Comercio<', 'Autorizar pago', '>Rechazar<']) expect(es).toContain(s);
    // Answered: the page says how the attempt ended, in words.
    await c.request('POST', url, { raw: 'action=approve', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base } });
    expect((await c.get(url)).text).toContain('Este intento ya terminó: pago aprobado.');
    c.jar.set('lang', 'en');
    expect((await c.get(url)).text).toContain('This attempt has already ended: payment approved.');
  });
});
