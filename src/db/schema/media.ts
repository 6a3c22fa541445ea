import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { profiles } from './accounts.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded and generated images, kept in the database so every app process serves the same files.
 * Served at /media/{id}.{ext}. The original upload is never altered.
 */
export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  owner: uuid('owner').references(() => profiles.id),
  content_type: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byte_size: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  original_name: text('original_name'),
  sha256: text('sha256').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('media_owner').on(t.owner)]);

/**
 * Resized copies of raster originals in modern formats, made on first request (/media/{id}/w{width}.{format})
 * and kept here so every app process serves the same bytes. `width` is the requested allow-listed width;
 * `actual_width`/`actual_height` the size made (never larger than the original).
 */
export const mediaVariants = pgTable('media_variants', {
  media_id: uuid('media_id').notNull().references(() => media.id, { onDelete: 'cascade' }),
  width: integer('width').notNull(),
  format: text('format').notNull(),
  bytes: bytea('bytes').notNull(),
  byte_size: integer('byte_size').notNull(),
  actual_width: integer('actual_width').notNull(),
  actual_height: integer('actual_height').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'media_variants_pkey', columns: [t.media_id, t.width, t.format] }),
  check('media_variants_format', sql`${t.format} in ('avif', 'webp', 'jpeg')`),
]);
