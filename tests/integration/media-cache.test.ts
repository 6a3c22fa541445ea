// The media file cache (src/lib/server/media-cache.ts, src/domain/media/cached.ts): an image is read from the
// database once, kept as a file named by its content, and served from that file afterwards; social cards
// (/media/{id}/og.jpg) are 1200 x 630 JPEGs of any stored type; over HTTP, repeated requests get the same bytes and
// ETag, revalidations 304, and a new image has a new address.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/db/schema/index.ts';
import { getSocialRef, originalBytes, socialBytes, variantBytes } from '../../src/domain/media/cached.ts';
import { getMediaFileMeta, getVariantRef } from '../../src/domain/media/service.ts';
import { mediaCachePath, writeCachedMedia } from '../../src/lib/server/media-cache.ts';
import { resetConfig } from '../../src/lib/server/config.ts';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';

describe('media file cache (service on a fresh database)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let dir = '';
  const previous = process.env.MEDIA_CACHE_DIR;
  beforeAll(async () => {
    h = await freshDb();
    dir = mkdtempSync(path.join(os.tmpdir(), 'media-cache-test-'));
    process.env.MEDIA_CACHE_DIR = dir;
    resetConfig();
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.MEDIA_CACHE_DIR; else process.env.MEDIA_CACHE_DIR = previous;
    resetConfig();
    rmSync(dir, { recursive: true, force: true });
    await h?.dispose();
  });

  async function insertImage(bytes: Buffer, contentType: string, width: number, height: number) {
    const id = randomUUID();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await h.db.insert(media).values({ id, content_type: contentType, bytes, byte_size: bytes.length, width, height, original_name: 'x', sha256 });
    return { id, sha256 };
  }
  const png = (color: string) => sharp({ create: { width: 600, height: 300, channels: 3, background: color } }).png().toBuffer();

  it('reads an original from the database once, keeps it as {sha256}.{ext}, then serves the file', async () => {
    const bytes = await png('#2a6');
    const { id, sha256 } = await insertImage(bytes, 'image/png', 600, 300);
    const meta = (await getMediaFileMeta(h.db, `${id}.png`))!;
    const first = await originalBytes(h.db, meta);
    const file = mediaCachePath(dir, `${sha256}.png`);
    expect(first!.file).toBe(file);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    // The database's copy is no longer read: what the file holds is what is served.
    await h.db.update(media).set({ bytes: Buffer.from('changed in the database') }).where(eq(media.id, id));
    const second = await originalBytes(h.db, meta);
    expect(second!.bytes.equals(bytes)).toBe(true);
    // Removed from disk: read from the database again and written again.
    unlinkSync(file);
    const third = await originalBytes(h.db, meta);
    expect(third!.bytes.toString()).toBe('changed in the database');
    expect(existsSync(file)).toBe(true);
  });

  it('a new image is a new row, address and file; variants are files named by hash, recipe, width and format', async () => {
    const a = await insertImage(await png('#a22'), 'image/png', 600, 300);
    const b = await insertImage(await png('#22a'), 'image/png', 600, 300);
    expect(a.id).not.toBe(b.id);
    const va = await variantBytes(h.db, (await getVariantRef(h.db, a.id, 'w240.webp'))!);
    const vb = await variantBytes(h.db, (await getVariantRef(h.db, b.id, 'w240.webp'))!);
    expect(va!.file).toBe(mediaCachePath(dir, `${a.sha256.slice(0, 32)}-v1-w240.webp`));
    expect(vb!.file).not.toBe(va!.file);
    expect((await sharp(readFileSync(va!.file!)).metadata()).width).toBe(240);
  });

  it('makes a 1200 x 630 JPEG social card of a PNG and of an SVG, once', async () => {
    const p = await insertImage(await png('#fa0'), 'image/png', 600, 300);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40" fill="#063"/></svg>');
    const s = await insertImage(svg, 'image/svg+xml', 100, 100);
    for (const { id, sha256 } of [p, s]) {
      const ref = (await getSocialRef(h.db, id))!;
      expect(ref.contentType).toBe('image/jpeg');
      const card = (await socialBytes(h.db, ref))!;
      expect(await sharp(card.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(card.file).toBe(mediaCachePath(dir, `${sha256.slice(0, 32)}-s1-og.jpeg`));
    }
    // Fitted whole in the middle: the SVG's circle is scaled up to the card's height, white around it.
    const card = await sharp((await socialBytes(h.db, (await getSocialRef(h.db, s.id))!))!.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => card.data[(y * card.info.width + x) * card.info.channels]!;
    expect(at(10, 315)).toBeGreaterThan(240); // white margin
    expect(at(600, 315)).toBeLessThan(40); // the circle's dark green
    expect(await getSocialRef(h.db, randomUUID())).toBeNull();
    expect(await getSocialRef(h.db, 'not-an-id')).toBeNull();
  });

  it('an undecodable original has no card (the route redirects to the original)', async () => {
    const { id } = await insertImage(Buffer.from('not really a png'), 'image/png', 10, 10);
    expect(await socialBytes(h.db, (await getSocialRef(h.db, id))!)).toBeNull();
  });

  it('writers racing on one name leave one whole file and no temporary ones', async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    const name = `${'ab'.repeat(32)}.png`;
    const paths = await Promise.all(Array.from({ length: 8 }, () => writeCachedMedia(name, bytes)));
    expect(new Set(paths)).toEqual(new Set([mediaCachePath(dir, name)]));
    expect(readFileSync(paths[0]!).equals(bytes)).toBe(true);
    expect(readdirSync(path.dirname(paths[0]!)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('GET /media through the file cache (the test server)', () => {
  const c = new Client();
  const bytesOf = async (p: string) => {
    const r = await fetch(new URL(p, c.base));
    return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
  };

  it('answers repeated requests with the same bytes and ETag, and revalidations with 304', async () => {
    const photo = (await c.get('/api/shops/demo-04')).json().photo as string;
    for (const p of [photo, photo.replace(/\.[a-z]+$/, '/og.jpg')]) {
      const first = await bytesOf(p);
      const second = await bytesOf(p);
      expect(first.status, p).toBe(200);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(second.headers.get('x-content-type-options')).toBe('nosniff');
      expect(second.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
      const again = await c.get(p, { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    }
    const card = await bytesOf(photo.replace(/\.[a-z]+$/, '/og.jpg'));
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(card.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('answers 404, never 500, for a card of an unknown image or a query string the fast path does not know', async () => {
    expect((await c.get(`/media/${randomUUID()}/og.jpg`)).status).toBe(404);
    expect((await c.get('/media/not-an-id/og.jpg')).status).toBe(404);
    const photo = (await c.get('/api/shops/demo-04')).json().photo as string;
    expect((await c.get(`${photo}?v=1`)).status).toBe(200);
  });
});
