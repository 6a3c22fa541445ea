// Stored images: originals served as uploaded, and resized variants in modern formats made on first request
// and kept in media_variants (shared by every app process).
import type { Db } from '../../db/client.ts';
import { makeVariant, VARIANT_RECIPE } from '../../lib/server/images.ts';
import {
  isVariantWidth, snapVariantWidth, VARIANT_CONTENT_TYPES, VARIANT_FORMATS,
  type VariantFormat, type VariantWidth,
} from '../../lib/shared/image-sizes.ts';
import { findMedia, findMediaMeta, findVariant, insertVariant, type MediaMeta, type MediaRow } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Extensions a stored type may be addressed by; any other extension is not found. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'], 'image/gif': ['gif'],
  'image/svg+xml': ['svg'],
};
/** Originals that get variants (vector SVG and possibly animated GIF are served as they are). */
const RASTER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The canonical extension of a stored content type ('jpg', 'png', 'svg' ...), or null for a type never stored. */
export function mediaExtension(contentType: string): string | null {
  return EXTENSIONS[contentType]?.[0] ?? null;
}

/** The address a stored image is served at: /media/{id}.{ext}. */
export function mediaFileUrl(id: string, contentType: string): string {
  return `/media/${id}.${mediaExtension(contentType) ?? 'bin'}`;
}

/** `{id}.{ext}` of a /media address, or null when it cannot be one. */
export function parseMediaFile(file: string): { id: string; ext: string } | null {
  const m = /^([0-9a-fA-F-]{36})\.([a-zA-Z0-9]{1,5})$/.exec(file);
  if (!m || !UUID.test(m[1]!.toLowerCase())) return null;
  return { id: m[1]!.toLowerCase(), ext: m[2]!.toLowerCase() };
}

const originalEtag = (sha256: string) => `"${sha256}"`;
const addressedRight = (contentType: string, ext: string) => EXTENSIONS[contentType]?.includes(ext) ?? false;

export interface MediaFileMeta { id: string; contentType: string; byteSize: number; etag: string; sha256: string }

/** What /media/{id}.{ext} would serve, without its bytes (for conditional requests); null when not found. */
export async function getMediaFileMeta(db: Db, file: string): Promise<MediaFileMeta | null> {
  const f = parseMediaFile(file);
  if (!f) return null;
  const row = await findMediaMeta(db, f.id);
  if (!row || !addressedRight(row.content_type, f.ext)) return null;
  return { id: row.id, contentType: row.content_type, byteSize: row.byte_size, etag: originalEtag(row.sha256), sha256: row.sha256 };
}

/** A stored image by the `{id}.{ext}` of its /media address, with its bytes and ETag, or null. */
export async function getMediaFile(db: Db, file: string): Promise<(MediaRow & { etag: string }) | null> {
  const f = parseMediaFile(file);
  if (!f) return null;
  const row = await findMedia(db, f.id);
  if (!row || !addressedRight(row.content_type, f.ext)) return null;
  return { ...row, etag: originalEtag(row.sha256) };
}

// ---------- variants ----------

export interface VariantRef {
  mediaId: string;
  /** The width the variant is stored under (the request's, or the one standing for "full size"). */
  width: VariantWidth;
  format: VariantFormat;
  contentType: string;
  etag: string;
  /** The original's SHA-256 (names the variant in the media file cache). */
  sha256: string;
  /** The original's address, for when a variant cannot be made. */
  originalUrl: string;
}

export interface LoadedVariant extends VariantRef {
  bytes: Buffer;
  actualWidth: number;
  actualHeight: number;
  /** True when this call made and stored the variant; false when it was already stored. */
  created: boolean;
}

/**
 * The stored width for a request: the requested one, except that widths beyond the original all share the
 * smallest allowed width that covers the original (variants are never upscaled, so they would be identical).
 */
export function plannedVariantWidth(requested: VariantWidth, originalWidth: number | null): VariantWidth {
  if (!originalWidth || requested <= originalWidth) return requested;
  return snapVariantWidth(originalWidth);
}

/** `w{width}.{format}` of a variant address, or null when it is not an allowed one. */
export function parseVariantName(name: string): { width: VariantWidth; format: VariantFormat } | null {
  const m = /^w([1-9][0-9]{1,3})\.(avif|webp|jpe?g)$/.exec(name);
  if (!m) return null;
  const width = Number(m[1]);
  const format = (m[2] === 'jpg' ? 'jpeg' : m[2]) as VariantFormat;
  if (!isVariantWidth(width) || !VARIANT_FORMATS.includes(format)) return null;
  return { width, format };
}

function variantRef(meta: MediaMeta, requested: VariantWidth, format: VariantFormat): VariantRef | null {
  if (!RASTER_TYPES.has(meta.content_type)) return null; // SVG, GIF: no variants
  if (format === 'jpeg' && meta.content_type !== 'image/jpeg') return null; // jpeg only as a fallback for jpeg originals
  const width = plannedVariantWidth(requested, meta.width);
  return {
    mediaId: meta.id, width, format, contentType: VARIANT_CONTENT_TYPES[format],
    etag: `"${meta.sha256.slice(0, 32)}-${VARIANT_RECIPE}-w${width}.${format}"`, sha256: meta.sha256,
    originalUrl: mediaFileUrl(meta.id, meta.content_type),
  };
}

/**
 * What /media/{id}/{name} (name `w{width}.{format}`) stands for, without making it: null for an unknown id, a
 * width outside the allow-list, an unknown format, or an original that has no variants (SVG, GIF).
 */
export async function getVariantRef(db: Db, id: string, name: string): Promise<VariantRef | null> {
  const v = parseVariantName(name);
  const mediaId = id.toLowerCase();
  if (!v || !UUID.test(mediaId)) return null;
  const meta = await findMediaMeta(db, mediaId);
  return meta ? variantRef(meta, v.width, v.format) : null;
}

// One making per variant at a time in this process; other processes that race are settled by the table's key.
const inFlight = new Map<string, Promise<LoadedVariant | null>>();

/**
 * The variant's bytes: the stored copy, or made from the original now and stored. Null when the original
 * cannot be decoded (corrupt, too large): the caller can fall back to `ref.originalUrl`.
 */
export function loadVariant(db: Db, ref: VariantRef): Promise<LoadedVariant | null> {
  const key = `${ref.mediaId}/${ref.width}.${ref.format}`;
  let p = inFlight.get(key);
  if (!p) {
    p = produceVariant(db, ref).finally(() => inFlight.delete(key));
    inFlight.set(key, p);
  }
  return p;
}

async function produceVariant(db: Db, ref: VariantRef): Promise<LoadedVariant | null> {
  const stored = await findVariant(db, ref.mediaId, ref.width, ref.format);
  if (stored) return { ...ref, bytes: stored.bytes, actualWidth: stored.actual_width, actualHeight: stored.actual_height, created: false };
  const original = await findMedia(db, ref.mediaId);
  if (!original) return null;
  let made;
  try {
    made = await makeVariant(original.bytes, { width: ref.width, format: ref.format });
  } catch (err) {
    console.warn(`[media] cannot make ${ref.mediaId} w${ref.width}.${ref.format}: ${(err as Error).message}`);
    return null;
  }
  const { row, inserted } = await insertVariant(db, {
    media_id: ref.mediaId, width: ref.width, format: ref.format, bytes: made.bytes, byte_size: made.bytes.length,
    actual_width: made.width, actual_height: made.height,
  });
  return { ...ref, bytes: row.bytes, actualWidth: row.actual_width, actualHeight: row.actual_height, created: inserted };
}

/** getVariantRef + loadVariant: the variant for /media/{id}/{name}, or null when there is none to serve. */
export async function getMediaVariant(db: Db, id: string, name: string): Promise<LoadedVariant | null> {
  const ref = await getVariantRef(db, id, name);
  return ref ? loadVariant(db, ref) : null;
}
