// Every error code has a text in es and en (es-AR falls back to es), and zod issues and message keys are
// translated, never shown raw (src/lib/i18n/validation.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import es from '../../src/locales/es.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import { getT, SUPPORTED_LOCALES } from '../../src/lib/i18n/index.ts';
import { issueFields, isMessageKey, localizedErrorBody } from '../../src/lib/i18n/validation.ts';
import { AppError, STATUS, type ErrorCode } from '../../src/lib/shared/errors.ts';
import { signupInput } from '../../src/domain/accounts/schema.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { tokenizeInput } from '../../src/domain/payments/schema.ts';
import { invoicingInput } from '../../src/domain/orders/schema.ts';
import { httpUrlSchema } from '../../src/lib/shared/safe-url.ts';

const CODES = Object.keys(STATUS) as ErrorCode[];

describe('error texts', () => {
  it.each(CODES)('%s has a text in es and en, and they differ', (code) => {
    const esText = (es.apiErrors as Record<string, string>)[code];
    const enText = (en.apiErrors as Record<string, string>)[code];
    expect(esText, `es apiErrors.${code}`).toBeTruthy();
    expect(enText, `en apiErrors.${code}`).toBeTruthy();
    expect(esText).not.toBe(enText);
  });

  it('every apiErrors and validation key of one dictionary is in the other', () => {
    for (const area of ['apiErrors', 'validation'] as const) {
      expect(Object.keys(en[area]).sort(), area).toEqual(Object.keys(es[area]).sort());
    }
  });

  it('every message key written in the code has a text in es and en (no raw key reaches a reader)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|astro)$/.test(name)) files.push(path);
      }
    };
    walk('src');
    walk('islands');
    const keys = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/'((?:validation|apiErrors)\.[A-Za-z0-9_]+)'/g)) keys.add(m[1]!);
    expect(keys.size).toBeGreaterThan(30);
    for (const key of keys) {
      const [area, name] = key.split('.') as ['validation' | 'apiErrors', string];
      expect((es[area] as Record<string, string>)[name], `es ${key}`).toBeTruthy();
      expect((en[area] as Record<string, string>)[name], `en ${key}`).toBeTruthy();
    }
  });

  it('answers the code text with its vars, a precise text key, and falls back to the English message for unknown codes', () => {
    const t = getT('es');
    const err = new AppError('quantity_exceeded', 'Quantity exceeded: only 30 available', { vars: { available: 30 } });
    expect(localizedErrorBody(err, t).error).toEqual({ code: 'quantity_exceeded', message: 'Cantidad excedida: solo hay 30 disponibles' });
    expect(localizedErrorBody(new AppError('quantity_exceeded', 'x'), t).error.message).toBe('Cantidad excedida');
    const full = new AppError('conflict', 'A cart holds at most 50 lines', { textKey: 'apiErrors.cart_full', vars: { max: 50 } });
    expect(localizedErrorBody(full, getT('en')).error.message).toBe('A cart holds at most 50 lines');
    const fields = new AppError('insufficient_stock', 'x', { fields: { 'items.a': ['validation.quantityExceeded'], 'items.b': ['free text'] }, fieldVars: { 'items.a': { available: 2 } } });
    expect(localizedErrorBody(fields, getT('es-AR')).error.fields).toEqual({ 'items.a': ['Solo hay 2 disponibles'], 'items.b': ['free text'] });
  });
});

describe('zod issues in the reader language', () => {
  const bad = {
    signup: signupInput.safeParse({ email: 'no', password: 'short' }),
    address: addressInput.safeParse({ address_name: '', address_phone: '12', street_address: 'x'.repeat(301), postal_code: 'abc' }),
    card: tokenizeInput.safeParse({ name: 'A', number: '12', cvc: '1' }),
    invoicing: invoicingInput.safeParse({ rfc: 'x', name: '', tax_regime: 'zz', cfdi_use: 'zz', postal_code: '1' }),
    url: z.object({ url: httpUrlSchema }).safeParse({ url: 'javascript:alert(1)' }),
    types: z.object({ n: z.number(), i: z.number().int(), e: z.enum(['a', 'b']), l: z.array(z.string()).max(1), u: z.url(), id: z.uuid() })
      .safeParse({ n: 'x', i: 1.5, e: 'c', l: ['a', 'b'], u: 'no', id: 'no' }),
  };
  it.each(SUPPORTED_LOCALES)('%s: no raw key, no zod English, numbers kept', (locale) => {
    const t = getT(locale);
    for (const [name, r] of Object.entries(bad)) {
      expect(r.success, name).toBe(false);
      const fields = issueFields(r.error!.issues, t);
      for (const [field, texts] of Object.entries(fields)) {
        for (const text of texts) {
          expect(isMessageKey(text), `${name}.${field}: ${text}`).toBe(false);
          expect(text, `${name}.${field}`).not.toMatch(/Invalid input|Too small|Too big|Invalid string|Invalid option|\{\{/);
        }
      }
    }
    const signup = issueFields(bad.signup.error!.issues, t);
    expect(signup.password![0]).toContain('10');
    expect(signup.name).toEqual([t('validation.required')]);
    expect(issueFields(bad.address.error!.issues, t).street_address![0]).toContain('300');
  });
  it('es and en read differently', () => {
    expect(issueFields(bad.types.error!.issues, getT('es'))).not.toEqual(issueFields(bad.types.error!.issues, getT('en')));
    expect(issueFields(bad.url.error!.issues, getT('en'))).toEqual({ url: ['Enter a valid web address (https://…)'] });
  });
});

// Issue 27: "required", "sharing.foreignUrl" and English field texts reached API answers. Every field message the
// code writes (an AppError's `fields`, a zod schema's message, an issue added by hand) is scanned from the sources:
// each must be a dictionary key with a text in es and en, or a bare code the answer reads as its own text.
describe('no raw code in an answer\'s field messages', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name)) files.push(path);
    }
  };
  walk('src');
  // Theme packs' own schema (src/themes) speaks to the pack's designer, in the start's console, not in an answer.
  files.splice(0, files.length, ...files.filter((f) => !f.startsWith(join('src', 'themes'))));
  const FORMS = [
    /fields: \{[^}]*?\[\s*'([^']+)'/g, // new AppError(..., { fields: { x: ['...'] } })
    /fields: \{[^}]*?\[\s*`([^`]+)`/g,
    /addIssue\(\{[^}]*message: '([^']+)'/g, // ctx.addIssue({ ..., message: '...' })
    /\.(?:min|max|length|regex|refine|startsWith|endsWith|gte|lte|int|positive|nonnegative)\([^()]*?,\s*'([^']+)'\)/g, // .max(n, '...')
    /\.(?:min|max|length|regex)\([^()]*?,\s*`([^`]+)`\)/g,
  ];
  const written = new Map<string, string>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const re of FORMS) for (const m of text.matchAll(re)) if (!written.has(m[1]!)) written.set(m[1]!, f);
  }

  it('finds the field messages (the scan works)', () => {
    expect(written.size).toBeGreaterThan(40);
    expect(written.has('validation.required')).toBe(true);
  });

  it.each(['es', 'en', 'es-AR'] as const)('%s: every one reads as a text of the language, never as a code or a key', (locale) => {
    const t = getT(locale);
    const bad: string[] = [];
    for (const [msg, file] of written) {
      const body = localizedErrorBody(new AppError('validation_error', 'x', { fields: { f: [msg] }, vars: { max: 3, min: 1 } }), t);
      const shown = body.error.fields!.f![0]!;
      const generic = /^[a-z][a-z0-9_]*$/.test(msg) && shown === t('validation.invalid') && msg !== 'invalid';
      if (shown === msg || /^[a-z][a-z0-9_]*$/.test(shown) || /^[a-z]+\.[A-Za-z0-9_]+$/.test(shown) || generic || /\{\{/.test(shown)) {
        bad.push(`${file}: '${msg}' -> '${shown}'`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('maps the codes clients act on to texts and keeps them as field_codes', () => {
    const body = localizedErrorBody(new AppError('validation_error', 'x', { fields: { file: ['required'], url: ['invalid_shop_carousel_link'], s: ['sharing.foreignUrl'] } }), getT('es'));
    expect(body.error.fields).toEqual({ file: ['Obligatorio'], url: ['El enlace del carrusel no es válido'], s: ['Solo puedes compartir páginas de esta tienda'] });
    expect(body.error.field_codes).toEqual({ file: ['required'], url: ['invalid_shop_carousel_link'] });
    const issues = z.object({ name: z.string().min(1, 'required') }).safeParse({ name: '' }).error!.issues;
    const zodBody = localizedErrorBody(new AppError('validation_error', 'x', { issues }), getT('en'));
    expect(zodBody.error.fields).toEqual({ name: ['Required'] });
    expect(zodBody.error.field_codes).toEqual({ name: ['required'] });
  });
});
