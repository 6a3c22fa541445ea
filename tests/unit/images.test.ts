import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeVariant, probeImage } from '../../src/lib/server/images.ts';
import {
  candidateWidths, IMAGE_SIZES, parseMediaUrl, snapVariantWidth, VARIANT_WIDTHS, variantSrcset,
} from '../../src/lib/shared/image-sizes.ts';
import { parseMediaFile, parseVariantName, plannedVariantWidth } from '../../src/domain/media/service.ts';
import { etagMatches } from '../../src/lib/server/media-http.ts';

const raw = (w: number, h: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width: w, height: h, channels, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } });

describe('probeImage', () => {
  it('detects formats by their magic bytes, whatever the file is called', async () => {
    // A PNG uploaded as "photo.jpg" is a PNG: the name never enters into it.
    const png = await raw(640, 480).png().toBuffer();
    expect(probeImage(png)).toEqual({ format: 'png', width: 640, height: 480, contentType: 'image/png' });
    expect(probeImage(await raw(33, 17).jpeg().toBuffer())).toMatchObject({ format: 'jpeg', width: 33, height: 17 });
    expect(probeImage(await raw(301, 7).webp().toBuffer())).toMatchObject({ format: 'webp', width: 301, height: 7 }); // VP8
    expect(probeImage(await raw(300, 200).webp({ lossless: true }).toBuffer())).toMatchObject({ format: 'webp', width: 300, height: 200 }); // VP8L
    expect(probeImage(await raw(123, 45, 4).webp().toBuffer())).toMatchObject({ format: 'webp', width: 123, height: 45 }); // VP8X (alpha)
    expect(probeImage(await raw(20, 10).gif().toBuffer())).toMatchObject({ format: 'gif', width: 20, height: 10, contentType: 'image/gif' });
    // Plain Uint8Array input as well as Buffer.
    expect(probeImage(new Uint8Array(png))).toMatchObject({ format: 'png', width: 640 });
  });

  it('reports a JPEG\'s displayed size when EXIF rotates it', async () => {
    const rotated = await raw(400, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(probeImage(rotated)).toMatchObject({ format: 'jpeg', width: 100, height: 400 });
  });

  it('refuses garbage, truncated files and other formats', async () => {
    expect(probeImage(Buffer.from('hello world, not an image'))).toBeNull();
    expect(probeImage(Buffer.alloc(0))).toBeNull();
    expect(probeImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull(); // JPEG start, then nothing
    const png = await raw(10, 10).png().toBuffer();
    expect(probeImage(png.subarray(0, 20))).toBeNull();
    expect(probeImage(await raw(10, 10).tiff().toBuffer())).toBeNull();
    expect(probeImage(await raw(16, 16).avif().toBuffer())).toBeNull();
    expect(probeImage(Buffer.from('<html><body><svg width="10" height="10"></svg></body></html>'))).toBeNull();
    expect(probeImage(Buffer.from('%PDF-1.7\n'))).toBeNull();
  });

  it('reads an SVG\'s size from width/height or its viewBox', () => {
    const svg = (s: string) => probeImage(Buffer.from(s));
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="800"><rect/></svg>'))
      .toEqual({ format: 'svg', width: 1100, height: 800, contentType: 'image/svg+xml' });
    expect(svg('\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg viewBox="0 0 3200 982" xmlns="http://www.w3.org/2000/svg"/>'))
      .toMatchObject({ format: 'svg', width: 3200, height: 982 });
    expect(svg("<svg width='100%' height='100%' viewBox='0,0,400,300'></svg>")).toMatchObject({ width: 400, height: 300 });
    expect(svg('<svg width="200px" viewBox="0 0 400 300"></svg>')).toMatchObject({ width: 200, height: 150 });
    expect(svg('<svg width="1in" height="72pt"></svg>')).toMatchObject({ width: 96, height: 96 });
    // No size at all, a different root element, or entity declarations: refused.
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).toBeNull();
    expect(svg('<svgfoo width="1" height="1"/>')).toBeNull();
    expect(svg('<!DOCTYPE svg [<!ENTITY x "y">]><svg width="10" height="10"/>')).toBeNull();
    expect(svg('<svg width="0" height="10"/>')).toBeNull();
  });

  it('reads the demo images the seed generates', async () => {
    const { productImage } = await import('../../src/db/seed/images.ts');
    const img = productImage({ name: 'Camisa de lino', icon: 'shirt', hue: 200 });
    expect(probeImage(Buffer.from(img.svg))).toMatchObject({ format: 'svg', width: img.width, height: img.height });
  });
});

describe('makeVariant', () => {
  it('resizes to the width asked, never upscales, and encodes the format asked', async () => {
    const png = await raw(1000, 500, 4).png().toBuffer();
    const webp = await makeVariant(png, { width: 240, format: 'webp' });
    expect(webp).toMatchObject({ format: 'webp', contentType: 'image/webp', width: 240, height: 120 });
    expect(probeImage(webp.bytes)).toMatchObject({ format: 'webp', width: 240, height: 120 });
    const avif = await makeVariant(png, { width: 3200, format: 'avif' });
    expect(avif).toMatchObject({ format: 'avif', contentType: 'image/avif', width: 1000, height: 500 });
    expect((await sharp(avif.bytes).metadata()).format).toBe('heif');
    const jpeg = await makeVariant(await raw(400, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer(), { width: 96, format: 'jpeg' });
    expect(jpeg).toMatchObject({ width: 96, height: 384 }); // rotated upright before resizing
  });

  it('throws on bytes it cannot decode', async () => {
    await expect(makeVariant(Buffer.from('nope'), { width: 240, format: 'webp' })).rejects.toThrow();
  });
});

describe('media addresses', () => {
  const id = '0b8e8a5c-1f2a-4c3b-9d4e-5f6a7b8c9d0e';

  it('tells raster media from plain media and other urls by the address alone', () => {
    expect(parseMediaUrl(`/media/${id}.png`)).toEqual({ id, ext: 'png', kind: 'raster' });
    expect(parseMediaUrl(`/media/${id.toUpperCase()}.JPG`)).toEqual({ id, ext: 'jpg', kind: 'raster' });
    expect(parseMediaUrl(`/media/${id}.svg`)).toEqual({ id, ext: 'svg', kind: 'plain' });
    expect(parseMediaUrl(`/media/${id}.gif`)).toMatchObject({ kind: 'plain' });
    expect(parseMediaUrl(`https://cdn.example/media/${id}.png`)).toBeNull();
    expect(parseMediaUrl(`/media/${id}.png?x=1`)).toBeNull();
    expect(parseMediaUrl(`/media/${id}.exe`)).toBeNull();
    expect(parseMediaUrl('/media/not-an-id.png')).toBeNull();
  });

  it('builds srcsets only from allowed widths', () => {
    expect(candidateWidths(IMAGE_SIZES.card.width)).toEqual([200, 400, 600, 800]);
    expect(candidateWidths(IMAGE_SIZES.catalogueThumbnail.width)).toEqual([48, 96]);
    expect(candidateWidths(350, [350, 700, 999, 5000])).toEqual([350, 700, 1000, 3200]);
    for (const w of candidateWidths(1600)) expect(VARIANT_WIDTHS).toContain(w);
    expect(snapVariantWidth(1)).toBe(48);
    expect(variantSrcset(id, 'avif', [400, 800])).toBe(`/media/${id}/w400.avif 400w, /media/${id}/w800.avif 800w`);
  });

  it('parses variant names against the allow-list', () => {
    expect(parseVariantName('w240.webp')).toEqual({ width: 240, format: 'webp' });
    expect(parseVariantName('w3200.avif')).toEqual({ width: 3200, format: 'avif' });
    expect(parseVariantName('w96.jpg')).toEqual({ width: 96, format: 'jpeg' });
    for (const bad of ['w241.webp', 'w240.png', 'w0240.webp', 'w240.webp.svg', 'x240.webp', 'w99999.avif', 'w-1.webp', '240.webp']) {
      expect(parseVariantName(bad)).toBeNull();
    }
    expect(parseMediaFile(`${id}.svg`)).toEqual({ id, ext: 'svg' });
    expect(parseMediaFile('../../etc/passwd')).toBeNull();
  });

  it('never plans a variant wider than the original, and shares one for every width beyond it', () => {
    expect(plannedVariantWidth(240, 1000)).toBe(240);
    expect(plannedVariantWidth(1000, 1000)).toBe(1000);
    expect(plannedVariantWidth(1200, 500)).toBe(600);
    expect(plannedVariantWidth(3200, 500)).toBe(600);
    expect(plannedVariantWidth(3200, 5000)).toBe(3200);
    expect(plannedVariantWidth(700, null)).toBe(700);
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
  });
});
