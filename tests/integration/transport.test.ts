// Transport (issue 16): text answers are compressed with what the client accepts (brotli, gzip), cached storefront
// pages carry an ETag and answer a matching If-None-Match with 304 and no body, hashed assets are immutable and
// the favicon is cached for a day.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, inject } from 'vitest';

interface Raw { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, inject('baseUrl')), { headers: { 'x-forwarded-for': '10.9.9.9', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const decode = (r: Raw) => (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');

describe('compression', () => {
  it('a storefront page comes as brotli, gzip or plain, whichever is accepted, the same page each way', async () => {
    const path = '/demo-basic/?transport=1';
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(path, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    // The language (Accept-Language or the lang cookie) and theme (cookie) change the page at one URL.
    expect(String(plain.headers.vary)).toMatch(/accept-language/i);
    expect(String(plain.headers.vary)).toMatch(/cookie/i);
    expect(decode(br)).toBe(plain.body.toString('utf8'));
    expect(decode(gz)).toBe(plain.body.toString('utf8'));
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('an uncached answer (a JSON document, a script) is compressed too', async () => {
    const doc = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(doc)).openapi).toMatch(/^3\./);
    const home = (await get('/demo-03/')).body.toString('utf8');
    const scripts = [...new Set([...home.matchAll(/"(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!))];
    expect(scripts.length, 'the page loads hashed scripts').toBeGreaterThan(0);
    let compressed = 0;
    for (const src of scripts) {
      const [js, br, plain] = [await get(src, { 'accept-encoding': 'gzip' }), await get(src, { 'accept-encoding': 'gzip, deflate, br' }), await get(src)];
      expect(js.status).toBe(200);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Below 1 KB compressing is not worth it; above, always: the copies made at build (scripts/precompress.mjs),
      // brotli when accepted, the same script each way, with the script's own type and length.
      if (decode(js).length >= 1024) {
        expect(js.headers['content-encoding'], src).toBe('gzip');
        expect(br.headers['content-encoding'], src).toBe('br');
        for (const r of [js, br]) {
          expect(r.headers['content-type'], src).toBe('text/javascript; charset=utf-8');
          expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
          expect(Number(r.headers['content-length'])).toBe(r.body.length);
          expect(decode(r)).toBe(plain.body.toString('utf8'));
        }
        expect(plain.headers['content-encoding']).toBeUndefined();
        // Brotli at its best quality, made once: smaller than gzip's best.
        expect(br.body.length).toBeLessThan(js.body.length);
        compressed++;
      }
    }
    expect(compressed).toBeGreaterThan(0);
  });

  it('a missing or malformed asset address is a 404, a write to one a 405, never the app (it used to answer 500)', async () => {
    for (const path of ['/_astro/nope.js', '/_astro/']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.headers['cache-control'], path).toBe('no-store');
    }
    const write = await new Promise<number>((resolve, reject) => {
      const req = http.request(new URL('/_astro/nope.js', inject('baseUrl')), { method: 'POST', headers: { 'x-forwarded-for': '10.9.9.9' } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      req.on('error', reject);
      req.end();
    });
    expect(write).toBe(405);
    // Outside /_astro/, an address under a public file's name is the app's 404 page.
    const page = await get('/favicon.svg/x');
    expect(page.status).toBe(404);
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
  });

  it('the favicon is cached for a day', async () => {
    const r = await get('/favicon.svg');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('conditional requests', () => {
  it('a cached page has an ETag; asking with it answers 304 without a body', async () => {
    const path = '/demo-basic/?transport=2';
    await get(path);
    const hit = await get(path, { 'accept-encoding': 'br' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    const etag = hit.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get(path, { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });
});
