// The only SQL of marketing campaigns.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, profiles } from '../../db/schema/index.ts';
import type { CampaignState } from './schema.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export async function insertCampaign(db: Db, row: { shop_id: string; owner: string; name: string; url: string; state?: CampaignState }): Promise<CampaignRow> {
  const [created] = await db.insert(campaigns).values({ ...row, state: row.state ?? 'active' }).returning();
  return created!;
}

export async function findCampaign(db: Db, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The campaign value the storefront answers back (resolveTracking). A campaign id (a uuid, what our tracked links
 * carry) only when it is an active campaign of this shop, so unknown or foreign ids are never echoed into a cookie.
 * Any other value is an outside label (an ad platform's campaign name, 'verano'): kept when it is a short safe token,
 * as before issue 13 (the promoted network filters referred people by it); it never names one of our campaigns.
 */
export async function resolveCampaign(db: Db, shopId: string | null | undefined, raw: string | undefined): Promise<string | null> {
  const v = raw?.trim();
  if (!v) return null;
  if (!UUID.test(v)) return /^[\w.:~-]{1,100}$/.test(v) ? v : null;
  if (!shopId) return null;
  return (await findActiveCampaignOfShop(db, shopId, v.toLowerCase()))?.id ?? null;
}

export async function findActiveCampaignOfShop(db: Db, shopId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.shop_id, shopId), eq(campaigns.state, 'active'))).limit(1);
  return row ?? null;
}

export async function profileSlugAndName(db: Db, id: string): Promise<{ slug: string; name: string } | null> {
  const [row] = await db.select({ slug: profiles.slug, name: profiles.name }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

export async function profileNamesBySlug(db: Db, slugs: string[]): Promise<Map<string, string>> {
  if (!slugs.length) return new Map();
  const rows = await db.select({ slug: profiles.slug, name: profiles.name }).from(profiles).where(inArray(profiles.slug, slugs));
  return new Map(rows.map((r) => [r.slug, r.name]));
}
