// The platform's own pages (sign-in, sign-up, 404, the network list) in the visitor's language: the `lang` cookie
// or, without it, Accept-Language. Messages for a failed sign-in come from the dictionary by the error's code.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

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

  it('says a taken e-mail in the page language', async () => {
    const es = await inLocale('es').request('POST', '/signup', form({ name: 'Otra Persona', email: 'cliente@demo.test', password: 'a-long-password' }));
    expect(es.status).toBe(409);
    expect(es.text).toMatch(/role="alert"[^>]*>El usuario ya existe</);
    const en = await inLocale('en').request('POST', '/signup', form({ name: 'Someone Else', email: 'cliente@demo.test', password: 'a-long-password' }));
    expect(en.text).toMatch(/role="alert"[^>]*>User already exists</);
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
