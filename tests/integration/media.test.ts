import { createHash, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaVariants } from '../../src/db/schema/index.ts';
import { getMediaFile, getMediaVariant, getVariantRef, loadVariant } from '../../src/domain/media/service.ts';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';

const c = new Client();

describe('GET /media/{id}.{ext} (demo SVGs)', () => {
  let url = '';
  beforeAll(async () => {
    const shop = (await c.get('/api/shops/demo-03')).json();
    url = shop.photo;
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.svg$/);
  });

  it('serves the stored file with safe, immutable headers', async () => {
    const r = await c.get(url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(r.text).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    // The ETag is the stored file's SHA-256.
    expect(r.headers.etag).toBe(`"${createHash('sha256').update(r.text).digest('hex')}"`);
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await c.get(url);
    const r = await c.get(url, { headers: { 'if-none-match': first.headers.etag! } });
    expect(r.status).toBe(304);
    expect(r.text).toBe('');
    expect(r.headers.etag).toBe(first.headers.etag);
    expect(r.headers['cache-control']).toContain('immutable');
    const weak = await c.get(url, { headers: { 'if-none-match': `"other", W/${first.headers.etag}` } });
    expect(weak.status).toBe(304);
    const stale = await c.get(url, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('serves the same file on a shop\'s own host', async () => {
    const r = await c.get(url, { host: 'demo-03.localhost' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 404 text, never 500, for unknown ids, wrong extensions, and variants it will not make', async () => {
    const id = url.slice('/media/'.length, -'.svg'.length);
    const unknown = randomUUID();
    for (const path of [
      `/media/${unknown}.svg`, `/media/${unknown}.png`, `/media/${id}.png`, `/media/${id}.exe`, `/media/${id}`,
      '/media/not-an-id.svg', '/media/..%2F..%2Fetc%2Fpasswd', `/media/${id}.svg.svg`,
      `/media/${id}/w240.webp`, // SVG originals have no variants
      `/media/${unknown}/w240.webp`, `/media/${id}/w241.webp`, `/media/${id}/w240.png`, `/media/${id}/w240`,
      `/media/${id}/w99999999999999999999.avif`, `/media/not-an-id/w240.webp`,
    ]) {
      const r = await c.get(path);
      expect(r.status, path).toBe(404);
      expect(r.headers['content-type'], path).toMatch(/^text\/plain/);
      expect(r.headers['cache-control'], path).toBe('no-store');
    }
  });
});

describe('raster variants (service on a fresh database)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => { h = await freshDb(); });
  afterAll(async () => { await h?.dispose(); });

  async function insertImage(bytes: Buffer, contentType: string, width: number | null, height: number | null) {
    const id = randomUUID();
    await h.db.insert(media).values({
      id, content_type: contentType, bytes, byte_size: bytes.length, width, height, original_name: 'photo.jpg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    return id;
  }
  const variantCount = async (id: string) =>
    (await h.db.select({ n: count() }).from(mediaVariants).where(eq(mediaVariants.media_id, id)))[0]!.n;

  it('makes a w240 WebP of a PNG once, stores it, and reuses it', async () => {
    const png = await sharp({ create: { width: 1000, height: 600, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
    const id = await insertImage(png, 'image/png', 1000, 600);

    const first = await getMediaVariant(h.db, id, 'w240.webp');
    expect(first).toMatchObject({ format: 'webp', contentType: 'image/webp', width: 240, actualWidth: 240, actualHeight: 144, created: true });
    const meta = await sharp(first!.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 240, height: 144 });
    expect(await variantCount(id)).toBe(1);

    const second = await getMediaVariant(h.db, id, 'w240.webp');
    expect(second!.created).toBe(false);
    expect(Buffer.compare(second!.bytes, first!.bytes)).toBe(0);
    expect(second!.etag).toBe(first!.etag);
    expect(await variantCount(id)).toBe(1);

    // The original is never altered.
    const original = await getMediaFile(h.db, `${id}.png`);
    expect(Buffer.compare(original!.bytes, png)).toBe(0);
  });

  it('never upscales: every width beyond the original shares one full-size variant', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#c03' } }).png().toBuffer();
    const id = await insertImage(png, 'image/png', 500, 250);
    const big = await getMediaVariant(h.db, id, 'w3200.avif');
    expect(big).toMatchObject({ format: 'avif', width: 600, actualWidth: 500, actualHeight: 250, created: true });
    const other = await getMediaVariant(h.db, id, 'w1200.avif');
    expect(other).toMatchObject({ width: 600, created: false });
    expect(await variantCount(id)).toBe(1);
  });

  it('makes a variant once when many requests ask at the same time', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const id = await insertImage(jpeg, 'image/jpeg', null, null); // size unknown: read from the file
    const all = await Promise.all([1, 2, 3, 4].map(() => getMediaVariant(h.db, id, 'w400.jpeg')));
    expect(all.every((v) => v?.actualWidth === 400 && v.format === 'jpeg')).toBe(true);
    expect(await variantCount(id)).toBe(1);
  });

  it('has no variants for SVG originals, jpeg variants of PNGs, or widths off the list', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const svgId = await insertImage(svg, 'image/svg+xml', 10, 10);
    expect(await getMediaVariant(h.db, svgId, 'w240.webp')).toBeNull();
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#0000' } }).png().toBuffer();
    const pngId = await insertImage(png, 'image/png', 300, 300);
    expect(await getMediaVariant(h.db, pngId, 'w240.jpeg')).toBeNull();
    expect(await getMediaVariant(h.db, pngId, 'w250.webp')).toBeNull();
    expect(await getMediaVariant(h.db, randomUUID(), 'w240.webp')).toBeNull();
    expect(await variantCount(pngId)).toBe(0);
  });

  it('gives up on an undecodable original without storing anything (the route then redirects to it)', async () => {
    const id = await insertImage(Buffer.from('not really a png'), 'image/png', 100, 100);
    const ref = await getVariantRef(h.db, id, 'w96.webp');
    expect(ref).not.toBeNull();
    expect(ref!.originalUrl).toBe(`/media/${id}.png`);
    expect(await loadVariant(h.db, ref!)).toBeNull();
    expect(await variantCount(id)).toBe(0);
  });

  it('drops the variants with their original', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123' } }).png().toBuffer();
    const id = await insertImage(png, 'image/png', 200, 200);
    await getMediaVariant(h.db, id, 'w96.webp');
    expect(await variantCount(id)).toBe(1);
    await h.db.delete(media).where(eq(media.id, id));
    expect(await variantCount(id)).toBe(0);
  });
});
