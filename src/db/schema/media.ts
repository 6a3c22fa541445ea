import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
