// The only place media SQL lives.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media, mediaVariants } from '../../db/schema/index.ts';

export type MediaRow = typeof media.$inferSelect;
export type MediaVariantRow = typeof mediaVariants.$inferSelect;

/** A stored image with its bytes. */
export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

/** A stored image without its bytes (enough to answer a conditional request or plan a variant). */
export async function findMediaMeta(db: Db, id: string) {
  const [row] = await db.select({
    id: media.id, content_type: media.content_type, byte_size: media.byte_size, width: media.width,
    height: media.height, sha256: media.sha256,
  }).from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}
export type MediaMeta = NonNullable<Awaited<ReturnType<typeof findMediaMeta>>>;

export async function findVariant(db: Db, mediaId: string, width: number, format: string): Promise<MediaVariantRow | null> {
  const [row] = await db.select().from(mediaVariants)
    .where(and(eq(mediaVariants.media_id, mediaId), eq(mediaVariants.width, width), eq(mediaVariants.format, format)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a variant unless another process stored the same one first; either way answers the stored row
 * (so every process serves identical bytes).
 */
export async function insertVariant(db: Db, row: typeof mediaVariants.$inferInsert): Promise<{ row: MediaVariantRow; inserted: boolean }> {
  const [inserted] = await db.insert(mediaVariants).values(row).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, inserted: true };
  const existing = await findVariant(db, row.media_id, row.width, row.format);
  if (!existing) throw new Error(`media variant ${row.media_id} w${row.width}.${row.format} vanished`);
  return { row: existing, inserted: false };
}
