// Level two in searches (seed 000 §6: "level two (ul2) users get extra product data flags in searches"): for an
// entrepreneur who owns a store, each search result also says whether it can be resold (a published, visible
// dropshipping item), what they would earn selling it from their own store (margin x their plan's rate, as the
// resale catalogue shows it) and whether their store already carries it. Everyone else gets the plain list.
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products, shopProducts, shops } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { shopPlanRate } from '../catalog/index.ts';
import { resaleEarning, type ListItem } from '../catalog/schema.ts';

export const levelTwoFlagsSchema = z.object({
  resellable: z.boolean().describe('A published, visible dropshipping item: it can go into a store'),
  earning: z.number().int().nullable().describe('What the viewer earns per unit from their own store (minor units); null when not resellable'),
  in_my_store: z.boolean().describe("The viewer's own store already offers it"),
});
export type LevelTwoFlags = z.infer<typeof levelTwoFlagsSchema>;

/** The viewer's own store when they are level two, else null (no flags). */
async function ownStoreOf(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user' || viewer.user.user_level !== 'ul2') return null;
  const [own] = await db.select({ id: shops.id, signup_plan: shops.signup_plan }).from(shops)
    .where(eq(shops.owner, viewer.user.profile_id)).orderBy(shops.created_at).limit(1);
  return own ?? null;
}

export async function withLevelTwoFlags<T extends ListItem>(db: Db, viewer: Viewer, results: T[]): Promise<(T & { level_two?: LevelTwoFlags })[]> {
  if (results.length === 0) return results;
  const own = await ownStoreOf(db, viewer);
  if (!own) return results;
  const ids = results.map((r) => r.id);
  const [rows, carried, rate] = await Promise.all([
    db.select({ id: products.id, margin: products.contribution_margin, dropshipping: products.is_dropshipping, state: products.list_state, hiden: products.hiden })
      .from(products).where(inArray(products.id, ids)),
    db.select({ id: shopProducts.product_id }).from(shopProducts).where(and(eq(shopProducts.shop_id, own.id), inArray(shopProducts.product_id, ids))),
    shopPlanRate(db, own),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const mine = new Set(carried.map((c) => c.id));
  return results.map((r) => {
    const p = byId.get(r.id);
    const resellable = !!p && p.dropshipping && p.state === 'published' && !p.hiden;
    return { ...r, level_two: { resellable, earning: resellable && rate !== null ? resaleEarning(p.margin, rate) : null, in_my_store: mine.has(r.id) } };
  });
}
