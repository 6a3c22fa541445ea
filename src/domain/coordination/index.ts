// The coordinator's window (level two): who is one, which stores it shows, and their figures.
import type { Db } from '../../db/client.ts';
import { COORDINATOR_DAYS, coordinatedShops, type CoordinatedShop } from './rules.ts';
import { figuresOf, type ShopFigures } from './repo.ts';

export { COORDINATOR_DAYS, isCoordinator } from './rules.ts';
export type { ShopFigures } from './repo.ts';

/** The window's stores, each with its figures for the last COORDINATOR_DAYS days. */
export async function coordinatorOverview<S extends CoordinatedShop>(db: Db, shops: readonly S[], now = new Date()): Promise<(S & { figures: ShopFigures })[]> {
  const shown = coordinatedShops(shops);
  const figures = await figuresOf(db, shown.map((s) => s.id), new Date(now.getTime() - COORDINATOR_DAYS * 86_400_000));
  return shown.map((s) => ({ ...s, figures: figures.get(s.id)! }));
}
