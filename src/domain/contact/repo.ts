// The only SQL of contact messages: the owner's e-mail behind a shop (the contact address's fallback).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export async function ownerEmail(db: Db, ownerProfileId: string | null): Promise<string | null> {
  if (!ownerProfileId) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.profile_id, ownerProfileId)).limit(1);
  return row?.email ?? null;
}
