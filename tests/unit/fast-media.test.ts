// The server's media fast path (src/lib/server/fast-media.ts) and the cache's names and directory
// (src/lib/server/media-cache.ts), on a bare node:http server: an indexed address is answered from its file with the
// /media headers; anything not indexed, forgotten or gone from disk goes to the app.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCachedMedia } from '../../src/lib/server/fast-media.ts';
import { forgetMedia, indexMedia, mediaCachePath } from '../../src/lib/server/media-cache.ts';
import * as mediaCache from '../../src/lib/server/media-cache.ts';
import { loadConfig, type Env } from '../../src/lib/server/config.ts';

const mediaCacheDir = (env: Env) => mediaCache.mediaCacheDir(loadConfig(env));
import { socialImage } from '../../src/lib/shared/social-image.ts';

const ID = '0b7c1c4e-5d0a-4f5e-9a43-1d2a3b4c5d6e';
let dir = '';
let server: http.Server;
let base = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fast-media-'));
  server = http.createServer((req, res) => {
    const app = () => { res.writeHead(299, { 'x-app': '1' }); res.end('app'); };
    if (!serveCachedMedia(req, res, app)) app();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => { server.close(); rmSync(dir, { recursive: true, force: true }); });

describe('serveCachedMedia', () => {
  it('answers an indexed address from its file, with the image headers, and 304 to its ETag', async () => {
    const file = path.join(dir, 'a.png');
    writeFileSync(file, 'png bytes');
    indexMedia(`/media/${ID}.png`, { file, contentType: 'image/png', etag: '"abc"', size: 9 });
    const r = await fetch(`${base}/media/${ID}.png`);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('png bytes');
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('etag')).toBe('"abc"');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toMatch(/sandbox/);
    const again = await fetch(`${base}/media/${ID}.png`, { headers: { 'if-none-match': 'W/"abc"' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-type')).toBeNull();
  });

  it('leaves to the app what is not indexed, has a query, is not a GET, was forgotten, or is gone from disk', async () => {
    const file = path.join(dir, 'b.webp');
    writeFileSync(file, 'webp');
    indexMedia(`/media/${ID}/w240.webp`, { file, contentType: 'image/webp', etag: '"b"', size: 4 });
    expect((await fetch(`${base}/media/${ID}/w240.webp`)).status).toBe(200);
    expect((await fetch(`${base}/media/${ID}/w400.webp`)).status).toBe(299);
    expect((await fetch(`${base}/media/${ID}/w240.webp?x=1`)).status).toBe(299);
    expect((await fetch(`${base}/media/${ID}/w240.webp`, { method: 'HEAD' })).status).toBe(299);
    unlinkSync(file);
    expect((await fetch(`${base}/media/${ID}/w240.webp`)).status).toBe(299);
    expect((await fetch(`${base}/media/${ID}/w240.webp`)).status).toBe(299); // and the entry is dropped
    writeFileSync(file, 'webp');
    indexMedia(`/media/${ID}/w240.webp`, { file, contentType: 'image/webp', etag: '"b"', size: 4 });
    forgetMedia([ID.toUpperCase()]);
    expect((await fetch(`${base}/media/${ID}/w240.webp`)).status).toBe(299);
  });
});

describe('media cache names and directory', () => {
  it('puts files under MEDIA_CACHE_DIR, else DATA_DIR, else the temporary directory; off turns it off', () => {
    expect(mediaCacheDir({ MEDIA_CACHE_DIR: '/srv/cache' })).toBe(path.resolve('/srv/cache'));
    expect(mediaCacheDir({ DATA_DIR: '/srv/data' })).toBe(path.resolve('/srv/data/media-cache'));
    expect(mediaCacheDir({})).toBe(path.join(os.tmpdir(), 'tiendas-media-cache'));
    expect(mediaCacheDir({ MEDIA_CACHE_DIR: 'off' })).toBeNull();
  });

  it('accepts only the names it makes (no path can be smuggled in)', () => {
    const sha = 'f'.repeat(64);
    expect(mediaCachePath('/c', `${sha}.svg`)).toBe(path.join('/c', 'ff', `${sha}.svg`));
    expect(mediaCachePath('/c', `${sha.slice(0, 32)}-v1-w240.webp`)).toBe(path.join('/c', 'ff', `${sha.slice(0, 32)}-v1-w240.webp`));
    for (const bad of ['../etc/passwd', `${sha}.exe`, `${sha}/../x.png`, 'short.png', `${sha}.png.tmp`]) {
      expect(() => mediaCachePath('/c', bad), bad).toThrow();
    }
  });
});

describe('socialImage', () => {
  it('names the JPEG card of a stored image with its size and type; other addresses as they are', () => {
    expect(socialImage(`/media/${ID}.svg`)).toEqual({ url: `/media/${ID}/og.jpg`, width: 1200, height: 630, type: 'image/jpeg' });
    expect(socialImage(`/media/${ID.toUpperCase()}.WEBP`).url).toBe(`/media/${ID}/og.jpg`);
    expect(socialImage('https://cdn.example.com/logo.png')).toEqual({ url: 'https://cdn.example.com/logo.png' });
  });
});
