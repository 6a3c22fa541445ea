// The operator's audit log (operator_actions, append-only: migration 0033 refuses UPDATE and DELETE).
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorActions, users } from '../../db/schema/index.ts';

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
