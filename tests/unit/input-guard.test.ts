// Bad input refused before it reaches the services: strings PostgreSQL refuses (NUL, unpaired surrogates) in
// addresses, cookies and bodies; bodies read with a limit; calendar dates that exist; the methods a route answers;
// pictures past the upload limits.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkImage } from '../../src/domain/admin/upload.ts';
import { parseJsonBody, readForm } from '../../src/lib/server/body.ts';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../src/lib/server/images.ts';
import { checkRequestUrl, findUnsafeString, isUnsafeText, unsafeCookies } from '../../src/lib/server/input-guard.ts';
import { allowedMethods, routePatternOf } from '../../src/lib/server/request-guard.ts';
import { isoDateSchema, isRealDate } from '../../src/lib/shared/dates.ts';
import { AppError } from '../../src/lib/shared/errors.ts';

const code = async (f: () => unknown) => { try { await f(); return null; } catch (e) { return (e as AppError).code; } };

describe('safe text', () => {
  it('refuses NUL bytes and unpaired surrogates, and accepts any other text', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'a\uDBFFb']) expect(isUnsafeText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'hola', 'ñandú', '😀', 'a\u0001b', 'línea\nnueva', '\uD83D\uDE00']) expect(isUnsafeText(good), good).toBe(false);
  });

  it('finds the first bad string anywhere in a value, keys included, and names where it is', () => {
    expect(findUnsafeString({ a: [1, { b: 'ok' }], c: null, d: true })).toBeNull();
    expect(findUnsafeString({ a: [1, { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findUnsafeString({ ['k\u0000']: 1 })).toBe('k?');
    expect(findUnsafeString('\uD800')).toBe('');
  });

  it('refuses hostile nesting without overflowing the stack', async () => {
    const deep = JSON.parse('['.repeat(5000) + ']'.repeat(5000));
    expect(await code(() => findUnsafeString(deep))).toBe('bad_request');
    expect(await code(() => parseJsonBody('{"a":"\\u0000"}'))).toBe('invalid_characters');
    expect(await code(() => parseJsonBody('{"a":"\\ud800"}'))).toBe('invalid_characters');
    expect(await code(() => parseJsonBody('{"a":'))).toBe('malformed_json');
    expect(parseJsonBody('{"a":"\\ud83d\\ude00"}')).toEqual({ a: '😀' });
  });

  it('checks the decoded path and query of an address', () => {
    expect(checkRequestUrl(new URL('http://x/api/shops/demo-03?text=hola%20mundo'))).toBeNull();
    expect(checkRequestUrl(new URL('http://x/api/shops/%00'))?.code).toBe('invalid_characters');
    expect(checkRequestUrl(new URL('http://x/demo-03/?referral=%00'))?.code).toBe('invalid_characters');
    expect(checkRequestUrl(new URL('http://x/?a%00=1'))?.code).toBe('invalid_characters');
    expect(checkRequestUrl(new URL('http://x/api/shops/%E0%A4%A'))?.code).toBe('malformed_url');
  });

  it('names the cookies whose decoded value is not safe', () => {
    expect(unsafeCookies('sid=abc; lang=es; referral=a%00b; campaign=%ED%A0%80')).toEqual(['referral']);
    expect(unsafeCookies(null)).toEqual([]);
  });
});

describe('page forms', () => {
  const post = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
    new Request('http://x/login', { method: 'POST', body, headers: { 'content-type': type, ...headers } });
  it('reads urlencoded and multipart forms, repeated names kept', async () => {
    const form = await readForm(post('a=1&a=2&b=%C3%B1', 'application/x-www-form-urlencoded'));
    expect(form.getAll('a')).toEqual(['1', '2']);
    expect(form.get('b')).toBe('ñ');
    const multipart = new FormData();
    multipart.append('email', 'x@y.test');
    const req = new Request('http://x/login', { method: 'POST', body: multipart });
    expect((await readForm(req)).get('email')).toBe('x@y.test');
  });
  it('refuses a form that is too large, not a form, or carries a NUL', async () => {
    expect(await code(() => readForm(post('a=' + 'x'.repeat(2000), 'application/x-www-form-urlencoded'), 1000))).toBe('payload_too_large');
    expect(await code(() => readForm(post('{}', 'application/json')))).toBe('unsupported_media_type');
    expect(await code(() => readForm(post('a=x%00', 'application/x-www-form-urlencoded')))).toBe('invalid_characters');
  });
});

describe('calendar dates', () => {
  it('accepts days that exist and refuses those that do not', () => {
    for (const ok of ['2030-01-31', '2028-02-29', '2000-02-29', '2030-12-31', '0001-01-01']) expect(isRealDate(ok), ok).toBe(true);
    for (const bad of ['2030-02-31', '2029-02-29', '1900-02-29', '2030-04-31', '2030-13-01', '2030-00-10', '2030-01-00', '0000-01-01', '2030-1-1', '2030-01-01T00:00']) {
      expect(isRealDate(bad), bad).toBe(false);
    }
    expect(isoDateSchema.safeParse('2030-02-31').success).toBe(false);
    expect(isoDateSchema.safeParse('2030-02-28').success).toBe(true);
  });
});

describe('methods of an API route', () => {
  it('maps route files to the patterns Astro matches', () => {
    expect(routePatternOf('./pages/api/shops/[slug]/index.ts')).toBe('/api/shops/[slug]');
    expect(routePatternOf('./pages/api/orders/[id]/attendants/[attendantId].pdf.ts')).toBe('/api/orders/[id]/attendants/[attendantId].pdf');
    expect(routePatternOf('./pages/api/openapi.json.ts')).toBe('/api/openapi.json');
    expect(routePatternOf('./pages/api/shops/[slug]/admin/_shared.ts')).toBeNull();
  });
  it('lists what a module exports, HEAD with GET; ALL answers everything', () => {
    const f = () => new Response();
    expect(allowedMethods({ GET: f, PATCH: f, spec: {} })).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(allowedMethods({ POST: f })).toEqual(['POST']);
    expect(allowedMethods({ ALL: f })).toBeNull();
  });
});

describe('picture dimensions', () => {
  function png(width: number, height: number): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(body.length + 8);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(zlib.crc32(body), body.length + 4);
      return out;
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
    return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(8))), chunk('IEND', Buffer.alloc(0))]);
  }
  it(`refuses more than ${MAX_IMAGE_SIDE} px a side or ${MAX_IMAGE_PIXELS / 1e6} MP with 400, whatever the file's size`, async () => {
    for (const [w, h] of [[30000, 30000], [65500, 65500], [MAX_IMAGE_SIDE + 1, 10], [10, MAX_IMAGE_SIDE + 1], [7000, 7000]]) {
      const e = await checkImage({ name: 'x.png', type: 'image/png', bytes: png(w, h) }).catch((x: AppError) => x);
      expect(e, `${w}x${h}`).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(400);
      expect((e as AppError).code).toBe('image_too_large');
    }
  });
});
