// Stored images as the /media routes serve them: through the media file cache (src/lib/server/media-cache.ts).
// The row is always looked up (without its bytes: that is what says the image exists and gives its SHA-256); the
// bytes come from the cache file named by that hash, or from the database once, written to the cache then. Social
// cards (og.jpg) are made from the original on first request and kept only in the file cache: they are cheap to
// make again on another machine and no table has to hold them.
import type { Db } from '../../db/client.ts';
import { mediaCacheDir, mediaCachePath, readCachedMedia, writeCachedMedia } from '../../lib/server/media-cache.ts';
import { VARIANT_RECIPE } from '../../lib/server/images.ts';
import { makeSocialImage, SOCIAL_RECIPE } from '../../lib/server/social-image.ts';
import { SOCIAL_IMAGE } from '../../lib/shared/social-image.ts';
import { findMedia, findMediaMeta } from './repo.ts';
import { loadVariant, mediaExtension, mediaFileUrl, type MediaFileMeta, type VariantRef } from './service.ts';

/** Bytes to send, and the cache file they are in (null when the cache is off or could not keep them). */
export interface ImageBytes { bytes: Buffer; file: string | null }

// One making per cache file at a time in this process (a burst of first requests reads the database once).
const inFlight = new Map<string, Promise<ImageBytes | null>>();

function throughCache(name: string, make: () => Promise<Buffer | null>): Promise<ImageBytes | null> {
  let p = inFlight.get(name);
  if (!p) {
    p = (async () => {
      const dir = mediaCacheDir();
      const hit = await readCachedMedia(name);
      if (hit) return { bytes: hit, file: dir && mediaCachePath(dir, name) };
      const bytes = await make();
      if (!bytes) return null;
      return { bytes, file: await writeCachedMedia(name, bytes) };
    })().finally(() => inFlight.delete(name));
    inFlight.set(name, p);
  }
  return p;
}

/** The original's bytes (null when its row went away meanwhile). */
export function originalBytes(db: Db, meta: Pick<MediaFileMeta, 'id' | 'contentType' | 'sha256'>): Promise<ImageBytes | null> {
  const name = `${meta.sha256}.${mediaExtension(meta.contentType)}`;
  return throughCache(name, async () => (await findMedia(db, meta.id))?.bytes ?? null);
}

/** A variant's bytes, made and stored when it is new (null when the original cannot be decoded). */
export function variantBytes(db: Db, ref: VariantRef): Promise<ImageBytes | null> {
  const name = `${ref.sha256.slice(0, 32)}-${VARIANT_RECIPE}-w${ref.width}.${ref.format}`;
  return throughCache(name, async () => (await loadVariant(db, ref))?.bytes ?? null);
}

export interface SocialRef { id: string; contentType: string; etag: string; sha256: string; originalUrl: string; originalType: string }

/** What /media/{id}/og.jpg stands for, or null for an unknown id. Every stored type has a card. */
export async function getSocialRef(db: Db, id: string): Promise<SocialRef | null> {
  const mediaId = id.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(mediaId)) return null;
  const meta = await findMediaMeta(db, mediaId);
  if (!meta) return null;
  return {
    id: meta.id, contentType: SOCIAL_IMAGE.type, sha256: meta.sha256, originalType: meta.content_type,
    etag: `"${meta.sha256.slice(0, 32)}-${SOCIAL_RECIPE}-og.jpeg"`, originalUrl: mediaFileUrl(meta.id, meta.content_type),
  };
}

/** The social card's bytes (null when the original cannot be decoded). */
export function socialBytes(db: Db, ref: SocialRef): Promise<ImageBytes | null> {
  const name = `${ref.sha256.slice(0, 32)}-${SOCIAL_RECIPE}-og.jpeg`;
  return throughCache(name, async () => {
    const original = await originalBytes(db, { id: ref.id, contentType: ref.originalType, sha256: ref.sha256 });
    if (!original) return null;
    try {
      return await makeSocialImage(original.bytes, ref.originalType);
    } catch (err) {
      console.warn(`[media] cannot make the social card of ${ref.id}: ${(err as Error).message}`);
      return null;
    }
  });
}
