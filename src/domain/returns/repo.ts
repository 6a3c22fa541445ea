// The only place return SQL lives: supplier return policies, return requests with their lines, photos, notes,
// refunds and the append-only history.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  returnHistory, returnNotes, returnPhotos, returnRefunds, returnRequestItems, returnRequests, supplierReturnPolicies,
} from '../../db/schema/returns.ts';

export type PolicyRow = typeof supplierReturnPolicies.$inferSelect;
export type PolicyInsert = typeof supplierReturnPolicies.$inferInsert;
export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnItemRow = typeof returnRequestItems.$inferSelect;
export type PhotoMeta = Omit<typeof returnPhotos.$inferSelect, 'bytes'>;
export type PhotoRow = typeof returnPhotos.$inferSelect;
export type ReturnNoteRow = typeof returnNotes.$inferSelect;
export type ReturnRefundRow = typeof returnRefunds.$inferSelect;
export type ReturnHistoryRow = typeof returnHistory.$inferSelect;

// ---------- policies ----------

export async function findPolicy(db: Db, supplierId: string): Promise<PolicyRow | null> {
  const [row] = await db.select().from(supplierReturnPolicies).where(eq(supplierReturnPolicies.supplier_id, supplierId)).limit(1);
  return row ?? null;
}

export async function upsertPolicy(db: Db, values: PolicyInsert): Promise<PolicyRow> {
  const { supplier_id: _id, ...patch } = values;
  const [row] = await db.insert(supplierReturnPolicies).values(values)
    .onConflictDoUpdate({ target: supplierReturnPolicies.supplier_id, set: { ...patch, updated_at: sql`now()` } }).returning();
  return row!;
}

// ---------- requests ----------

export async function insertReturn(db: Db, values: typeof returnRequests.$inferInsert): Promise<ReturnRow> {
  const [row] = await db.insert(returnRequests).values(values).returning();
  return row!;
}

export async function insertReturnItems(db: Db, rows: (typeof returnRequestItems.$inferInsert)[]) {
  if (rows.length) await db.insert(returnRequestItems).values(rows);
}

export async function findReturn(db: Db, id: string): Promise<ReturnRow | null> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id)).limit(1);
  return row ?? null;
}

/** Called with the order locked (the documented lock order). */
export async function lockReturn(db: Db, id: string): Promise<ReturnRow | null> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateReturn(db: Db, id: string, patch: Partial<typeof returnRequests.$inferInsert>): Promise<ReturnRow> {
  const [row] = await db.update(returnRequests).set({ ...patch, updated_at: sql`now()` }).where(eq(returnRequests.id, id)).returning();
  return row!;
}

export function returnsOfOrder(db: Db, orderId: string): Promise<ReturnRow[]> {
  return db.select().from(returnRequests).where(eq(returnRequests.order_id, orderId)).orderBy(asc(returnRequests.created_at), asc(returnRequests.number));
}

export function itemsOfReturns(db: Db, ids: string[]): Promise<ReturnItemRow[]> {
  return ids.length ? db.select().from(returnRequestItems).where(inArray(returnRequestItems.return_id, ids)) : Promise.resolve([]);
}

// ---------- photos ----------

export async function insertPhotos(db: Db, rows: (typeof returnPhotos.$inferInsert)[]) {
  if (rows.length) await db.insert(returnPhotos).values(rows);
}

export function photosOfReturns(db: Db, ids: string[]): Promise<PhotoMeta[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select({
    id: returnPhotos.id, return_id: returnPhotos.return_id, position: returnPhotos.position, content_type: returnPhotos.content_type,
    byte_size: returnPhotos.byte_size, width: returnPhotos.width, height: returnPhotos.height, sha256: returnPhotos.sha256,
    original_name: returnPhotos.original_name, created_at: returnPhotos.created_at,
  }).from(returnPhotos).where(inArray(returnPhotos.return_id, ids)).orderBy(asc(returnPhotos.return_id), asc(returnPhotos.position));
}

export async function findPhoto(db: Db, returnId: string, photoId: string): Promise<PhotoRow | null> {
  const [row] = await db.select().from(returnPhotos).where(and(eq(returnPhotos.id, photoId), eq(returnPhotos.return_id, returnId))).limit(1);
  return row ?? null;
}

// ---------- notes ----------

export async function insertNote(db: Db, values: typeof returnNotes.$inferInsert): Promise<ReturnNoteRow> {
  const [row] = await db.insert(returnNotes).values(values).returning();
  return row!;
}

export function notesOfReturns(db: Db, ids: string[], includeInternal: boolean): Promise<ReturnNoteRow[]> {
  if (!ids.length) return Promise.resolve([]);
  const where = includeInternal ? inArray(returnNotes.return_id, ids) : and(inArray(returnNotes.return_id, ids), eq(returnNotes.visibility, 'client'));
  return db.select().from(returnNotes).where(where).orderBy(asc(returnNotes.created_at), asc(returnNotes.id));
}

// ---------- refunds ----------

export async function insertRefund(db: Db, values: typeof returnRefunds.$inferInsert): Promise<ReturnRefundRow> {
  const [row] = await db.insert(returnRefunds).values(values).returning();
  return row!;
}

/** The refund that spent this key (pending or success), if any: a replay answers it instead of refunding again. */
export async function findRefundByKey(db: Db, returnId: string, key: string): Promise<ReturnRefundRow | null> {
  const [row] = await db.select().from(returnRefunds)
    .where(and(eq(returnRefunds.return_id, returnId), eq(returnRefunds.idempotency_key, key), ne(returnRefunds.status, 'failed'))).limit(1);
  return row ?? null;
}

export async function updateRefund(db: Db, id: string, patch: Partial<typeof returnRefunds.$inferInsert>): Promise<ReturnRefundRow> {
  const [row] = await db.update(returnRefunds).set(patch).where(eq(returnRefunds.id, id)).returning();
  return row!;
}

export function refundsOfOrder(db: Db, orderId: string): Promise<ReturnRefundRow[]> {
  return db.select().from(returnRefunds).where(eq(returnRefunds.order_id, orderId)).orderBy(asc(returnRefunds.created_at), asc(returnRefunds.id));
}

// ---------- history ----------

export async function appendHistory(db: Db, rows: (typeof returnHistory.$inferInsert)[]) {
  if (rows.length) await db.insert(returnHistory).values(rows);
}

export function historyOfReturns(db: Db, ids: string[], includeInternal: boolean): Promise<ReturnHistoryRow[]> {
  if (!ids.length) return Promise.resolve([]);
  const where = includeInternal ? inArray(returnHistory.return_id, ids) : and(inArray(returnHistory.return_id, ids), eq(returnHistory.visibility, 'client'));
  return db.select().from(returnHistory).where(where).orderBy(asc(returnHistory.id));
}
