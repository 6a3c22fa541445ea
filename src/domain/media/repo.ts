import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';

export async function findMedia(db: Db, id: string) {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}
