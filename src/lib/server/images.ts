// Images on the server: what a file is (by its bytes, never its name) and resized variants in modern formats.
// The one module that imports sharp, and only when a variant is actually made (dynamic import), so requests
// that never resize never load it.
import { availableParallelism } from 'node:os';
import type { VariantFormat } from '../shared/image-sizes.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg';

export interface ImageProbe {
  format: ImageFormat;
  /** Displayed size in pixels (JPEG EXIF rotations applied; SVG from width/height or viewBox). */
  width: number;
  height: number;
  contentType: string;
}

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', svg: 'image/svg+xml',
};

/**
 * The largest picture accepted at upload: 8000 px a side and 40 megapixels (a 40 MP camera shoots 7728 x 5152).
 * A larger one (a 30000 x 30000 PNG header is a few bytes) would take gigabytes to decode, here or in a browser.
 */
export const MAX_IMAGE_SIDE = 8000;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Largest picture (in pixels) the server will decode to make a variant: a guard against decompression bombs. */
export const MAX_DECODE_PIXELS = MAX_IMAGE_PIXELS;

/** Whether a picture of this size is within the upload limits. */
export function withinImageLimits(width: number, height: number): boolean {
  return width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
}

/**
 * The size of a raster image as the decoder reads it (sharp's metadata, pixel limit applied):
 * 'too_large' past the upload limits, null when sharp cannot read it as an image at all.
 */
export async function rasterSize(input: Uint8Array): Promise<{ width: number; height: number } | 'too_large' | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return withinImageLimits(meta.width, meta.height) ? { width: meta.width, height: meta.height } : 'too_large';
  } catch (e) {
    return e instanceof Error && /pixel limit/i.test(e.message) ? 'too_large' : null;
  }
}

/**
 * What an image file is, from its magic bytes, with its size; null for anything that is not a readable JPEG,
 * PNG, WebP, GIF or SVG (an SVG must give its size by width/height or viewBox).
 */
export function probeImage(input: Uint8Array): ImageProbe | null {
  const b = input instanceof Buffer ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const found = probeJpeg(b) ?? probePng(b) ?? probeWebp(b) ?? probeGif(b) ?? probeSvg(b);
  if (!found || !(found.width > 0 && found.height > 0)) return null;
  return { ...found, contentType: IMAGE_CONTENT_TYPES[found.format] };
}

type Found = Omit<ImageProbe, 'contentType'> | null;

function probePng(b: Buffer): Found {
  // Signature, then the IHDR chunk first: length 13, "IHDR", width, height (big-endian).
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.readUInt32BE(4) !== 0x0d0a1a0a) return null;
  if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function probeGif(b: Buffer): Found {
  if (b.length < 10) return null;
  const sig = b.toString('latin1', 0, 6);
  if (sig !== 'GIF87a' && sig !== 'GIF89a') return null;
  return { format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function probeWebp(b: Buffer): Found {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

function probeJpeg(b: Buffer): Found {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let orientation = 1;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) { i += 1; continue; } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame header
    const len = b.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > b.length) return null;
    if (marker === 0xe1 && b.toString('latin1', i + 4, i + 10) === 'Exif\0\0') {
      orientation = exifOrientation(b.subarray(i + 10, i + 2 + len)) ?? orientation;
    }
    // SOF0..SOF15 carry the frame size, except DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (len < 7) return null;
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      return orientation >= 5 && orientation <= 8 ? { format: 'jpeg', width: height, height: width } : { format: 'jpeg', width, height };
    }
    i += 2 + len;
  }
  return null;
}

/** The EXIF Orientation tag (0x0112) of IFD0, when present and sane. */
function exifOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const n = u16(ifd);
  for (let k = 0; k < n; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > tiff.length) return null;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : null;
    }
  }
  return null;
}

const SVG_HEAD_BYTES = 64 * 1024;
const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 };

function svgLength(v: string | undefined): number | null {
  if (v === undefined) return null;
  const m = /^\s*([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*(px|pt|pc|in|cm|mm|q)?\s*$/i.exec(v);
  if (!m) return null; // %, em, ex, auto ...: not an absolute size
  const n = Number(m[1]) * UNIT_PX[(m[2] ?? '').toLowerCase()]!;
  return Number.isFinite(n) && n > 0 ? n : null;
}

function probeSvg(b: Buffer): Found {
  const head = b.subarray(0, SVG_HEAD_BYTES);
  if (head.includes(0)) return null; // binary, not text (UTF-16 SVGs are not accepted)
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Skip the prolog: XML declaration, processing instructions, comments, doctype (without an internal subset
  // that declares entities: those are refused) and white space; the first element must be <svg>.
  let rest = text;
  for (;;) {
    rest = rest.replace(/^\s+/, '');
    if (rest.startsWith('<?')) { const end = rest.indexOf('?>'); if (end < 0) return null; rest = rest.slice(end + 2); continue; }
    if (rest.startsWith('<!--')) { const end = rest.indexOf('-->'); if (end < 0) return null; rest = rest.slice(end + 3); continue; }
    if (/^<!DOCTYPE/i.test(rest)) {
      const end = rest.indexOf('>');
      if (end < 0 || rest.slice(0, end).includes('[')) return null;
      rest = rest.slice(end + 1);
      continue;
    }
    break;
  }
  const tag = /^<svg(?=[\s/>])([^>]*)>/.exec(rest);
  if (!tag) return null;
  const attrs: Record<string, string> = {};
  for (const a of tag[1]!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1]!] = a[2] ?? a[3] ?? '';
  let width = svgLength(attrs.width);
  let height = svgLength(attrs.height);
  const vb = attrs.viewBox?.trim().split(/[\s,]+/).map(Number);
  const vbOk = vb && vb.length === 4 && vb.every(Number.isFinite) && vb[2]! > 0 && vb[3]! > 0;
  if (vbOk) {
    const [, , vw, vh] = vb as [number, number, number, number];
    if (width === null && height === null) { width = vw; height = vh; }
    else if (width === null) width = (height! * vw) / vh;
    else if (height === null) height = (width * vh) / vw;
  }
  if (width === null || height === null) return null;
  return { format: 'svg', width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

// ---------- variants (sharp) ----------

type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp> | null = null;
/** sharp, loaded on first use. */
export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/** Encoder settings; bump VARIANT_RECIPE when they change so caches (ETags) move on. */
export const VARIANT_RECIPE = 'v1';
// AVIF effort 2: on a 2-core machine a 3-megapixel photo takes 1-2 s; effort 4 took 3 s on a smooth photo and
// 35 s on a noisy one for a file no smaller.
export const ENCODE = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
} as const;

export interface Variant {
  bytes: Buffer;
  format: VariantFormat;
  contentType: string;
  /** Actual size: never larger than the original. */
  width: number;
  height: number;
}

// Encoding is CPU-bound (and libvips already uses several threads per image): one or two at a time per process
// keeps a burst of new variants from starving the other requests.
const MAX_CONCURRENT = Math.max(1, Math.min(2, availableParallelism() - 1));
let running = 0;
const waiting: Array<() => void> = [];
export async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((r) => waiting.push(r));
  running++;
  try { return await fn(); } finally { running--; waiting.shift()?.(); }
}

/**
 * A resized copy of a raster image: `width` pixels wide at most (never upscaled), EXIF rotation applied,
 * metadata stripped, encoded as `format`. Throws when the input cannot be decoded or is too large.
 */
export async function makeVariant(input: Uint8Array, opts: { width: number; format: VariantFormat }): Promise<Variant> {
  const sharp = await loadSharp();
  return withSlot(async () => {
    const pipeline = sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: opts.width, withoutEnlargement: true });
    const encoded = opts.format === 'avif' ? pipeline.avif(ENCODE.avif)
      : opts.format === 'webp' ? pipeline.webp(ENCODE.webp)
      : pipeline.flatten({ background: '#ffffff' }).jpeg(ENCODE.jpeg);
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data, format: opts.format, contentType: `image/${opts.format}`,
      width: info.width, height: info.height,
    };
  });
}
