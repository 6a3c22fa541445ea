// The operator's audit log (operator_actions, append-only: migration 0033 refuses UPDATE and DELETE) and the
// console's directory of suppliers, shops and users (issue 25).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorActions, products, profiles, shopMemberships, shops, supplierMembers, suppliers, users } from '../../db/schema/index.ts';

export type OperatorActionInput = typeof operatorActions.$inferInsert;

export async function insertAction(tx: Db, a: OperatorActionInput) {
  await tx.insert(operatorActions).values(a);
}

export async function listActions(db: Db, offset: number, limit: number) {
  const rows = await db.select({
    id: operatorActions.id, action: operatorActions.action, target_type: operatorActions.target_type, target_id: operatorActions.target_id,
    before: operatorActions.before, after: operatorActions.after, at: operatorActions.at, actor_name: users.name, actor_email: users.email,
  }).from(operatorActions).innerJoin(users, eq(users.id, operatorActions.actor))
    .orderBy(desc(operatorActions.at), desc(operatorActions.id)).offset(offset).limit(limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(operatorActions);
  return { rows, total: count?.n ?? 0 };
}

export async function actionsOn(db: Db, targetType: string, targetId: string) {
  return db.select().from(operatorActions).where(sql`${operatorActions.target_type} = ${targetType} and ${operatorActions.target_id} = ${targetId}`).orderBy(operatorActions.id);
}

// ---------- suppliers, shops and users (issue 25) ----------

/** `term` as an ILIKE pattern that matches it anywhere, its own % _ \ taken literally. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchSuppliers(db: Db, q: { term: string; offset: number; limit: number }) {
  const like = contains(q.term);
  const where = q.term
    ? sql`(${suppliers.name} ilike ${like} or ${profiles.slug}::text ilike ${like} or ${suppliers.contact_email} ilike ${like}
        or exists (select 1 from ${users} u where u.profile_id = ${suppliers.profile_id} and u.email::text ilike ${like}))`
    : sql`true`;
  const rows = await db.select({
    id: suppliers.id, name: suppliers.name, slug: profiles.slug, contact_email: suppliers.contact_email,
    suspended_at: suppliers.suspended_at, suspension_reason: suppliers.suspension_reason, suspended_by_name: users.name,
    owner_email: sql<string | null>`(select u.email::text from ${users} u where u.profile_id = ${suppliers.profile_id} order by u.created_at limit 1)`,
    items: sql<number>`(select count(*)::int from ${products} p where p.supplier_id = ${suppliers.id})`,
  }).from(suppliers).innerJoin(profiles, eq(profiles.id, suppliers.profile_id)).leftJoin(users, eq(users.id, suppliers.suspended_by))
    .where(where).orderBy(suppliers.name, suppliers.id).offset(q.offset).limit(q.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(suppliers).innerJoin(profiles, eq(profiles.id, suppliers.profile_id)).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function lockSupplier(tx: Db, id: string) {
  const [row] = await tx.select({ id: suppliers.id, name: suppliers.name, suspended_at: suppliers.suspended_at, suspended_by: suppliers.suspended_by, suspension_reason: suppliers.suspension_reason })
    .from(suppliers).where(eq(suppliers.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setSupplierSuspension(tx: Db, id: string, s: { at: Date; by: string; reason: string } | null) {
  await tx.update(suppliers).set({ suspended_at: s?.at ?? null, suspended_by: s?.by ?? null, suspension_reason: s?.reason ?? null, updated_at: new Date() }).where(eq(suppliers.id, id));
}

/**
 * The supplier's items leave every store: `disabled` (what every storefront query, the item counts and search rows
 * of migrations 0023/0027, the cart and the page cache's product events already read) with `supplier_suspended`
 * marking which ones this suspension disabled. Store and catalogue rows (their positions) are not touched.
 */
export async function disableSupplierItems(tx: Db, supplierId: string): Promise<number> {
  const rows = await tx.update(products).set({ disabled: true, supplier_suspended: true })
    .where(and(eq(products.supplier_id, supplierId), eq(products.disabled, false))).returning({ id: products.id });
  return rows.length;
}

/** The items the suspension disabled come back (items disabled for another reason stay disabled). */
export async function restoreSupplierItems(tx: Db, supplierId: string): Promise<number> {
  const rows = await tx.update(products).set({ disabled: false, supplier_suspended: false })
    .where(and(eq(products.supplier_id, supplierId), eq(products.supplier_suspended, true))).returning({ id: products.id });
  return rows.length;
}

export async function searchShops(db: Db, q: { term: string; offset: number; limit: number }) {
  const like = contains(q.term);
  const where = q.term
    ? sql`(${shops.name} ilike ${like} or ${shops.slug}::text ilike ${like} or ${shops.contact_email} ilike ${like}
        or exists (select 1 from ${users} u where u.profile_id = ${shops.owner} and u.email::text ilike ${like}))`
    : sql`true`;
  const rows = await db.select({
    id: shops.id, name: shops.name, slug: shops.slug, store_type: shops.store_type, contact_email: shops.contact_email,
    disabled: shops.disabled, disabled_at: shops.disabled_at, disabled_reason: shops.disabled_reason, disabled_by_name: users.name,
    owner_email: sql<string | null>`(select u.email::text from ${users} u where u.profile_id = ${shops.owner} order by u.created_at limit 1)`,
  }).from(shops).leftJoin(users, eq(users.id, shops.disabled_by)).where(where).orderBy(shops.name, shops.id).offset(q.offset).limit(q.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(shops).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function lockShop(tx: Db, id: string) {
  const [row] = await tx.select({ id: shops.id, slug: shops.slug, disabled: shops.disabled, disabled_at: shops.disabled_at, disabled_by: shops.disabled_by, disabled_reason: shops.disabled_reason })
    .from(shops).where(eq(shops.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setShopDisabled(tx: Db, id: string, d: { at: Date; by: string; reason: string } | null) {
  await tx.update(shops).set({ disabled: d !== null, disabled_at: d?.at ?? null, disabled_by: d?.by ?? null, disabled_reason: d?.reason ?? null, updated_at: new Date() }).where(eq(shops.id, id));
}

export async function searchUsers(db: Db, q: { term: string; offset: number; limit: number }) {
  const like = contains(q.term);
  const where = q.term ? sql`(${users.email}::text ilike ${like} or ${users.name} ilike ${like})` : sql`true`;
  const rows = await db.select({ id: users.id, name: users.name, email: users.email, user_level: users.user_level, created_at: users.created_at, email_verified_at: users.email_verified_at })
    .from(users).where(where).orderBy(users.email).offset(q.offset).limit(q.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email, user_level: users.user_level, profile_id: users.profile_id, created_at: users.created_at, email_verified_at: users.email_verified_at })
    .from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The platform's operators (ul3), locked: two demotions at once cannot both see "another operator is left". */
export async function lockOperators(tx: Db) {
  return tx.select({ id: users.id }).from(users).where(eq(users.user_level, 'ul3')).orderBy(users.id).for('update');
}

export async function lockUser(tx: Db, id: string) {
  const [row] = await tx.select({ id: users.id, user_level: users.user_level, email: users.email }).from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setUserLevel(tx: Db, id: string, level: 'ul0' | 'ul1' | 'ul2' | 'ul3') {
  await tx.update(users).set({ user_level: level }).where(eq(users.id, id));
}

/** Where a person acts: shops owned (by their profile) or joined, suppliers owned or joined, with the permissions. */
export async function memberships(db: Db, user: { id: string; profile_id: string }) {
  const [ownedShops, shopTeams, ownedSuppliers, supplierTeams] = await Promise.all([
    db.select({ id: shops.id, name: shops.name, slug: shops.slug, disabled: shops.disabled }).from(shops).where(eq(shops.owner, user.profile_id)).orderBy(shops.name),
    db.select({ id: shops.id, name: shops.name, slug: shops.slug, disabled: shops.disabled, permissions: shopMemberships.permissions })
      .from(shopMemberships).innerJoin(shops, eq(shops.id, shopMemberships.shop_id)).where(eq(shopMemberships.user_id, user.id)).orderBy(shops.name),
    db.select({ id: suppliers.id, name: suppliers.name, suspended_at: suppliers.suspended_at }).from(suppliers).where(eq(suppliers.profile_id, user.profile_id)).orderBy(suppliers.name),
    db.select({ id: suppliers.id, name: suppliers.name, suspended_at: suppliers.suspended_at, permissions: supplierMembers.permissions })
      .from(supplierMembers).innerJoin(suppliers, eq(suppliers.id, supplierMembers.supplier_id)).where(eq(supplierMembers.user_id, user.id)).orderBy(suppliers.name),
  ]);
  return { ownedShops, shopTeams, ownedSuppliers, supplierTeams };
}
