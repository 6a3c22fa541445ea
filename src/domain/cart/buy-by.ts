// 'Buy by' (seed 001 §6): level one and two users buy a dropshipping item at its net price, the list price less the
// resale earning the product page shows them (contribution margin x the shop's plan commission rate). The browser
// only sends a flag (`buy_by: true` on a cart line or a buy-now line); the server decides here, from the viewer's
// level and the stored product, whether the line qualifies and what it costs, in the cart view and again when the
// checkout snapshots its lines. The earning is taken as a discount, so the order pays no reseller part on that line
// (order_items.buy_by, src/domain/wallet/rules.ts); the supplier's part does not change.
import type { Db } from '../../db/client.ts';
import type { UserLevel } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { shopPlanRate } from '../catalog/index.ts';
import { resaleEarning } from '../catalog/schema.ts';
import type { ShopRow } from '../shops/index.ts';
import type { OfferedProduct } from './repo.ts';

const BUY_BY_LEVELS = new Set<UserLevel>(['ul1', 'ul2']);

/** The commission rate a viewer of this level buys by in this shop, or null when the level may not buy by. */
export async function buyByRate(db: Db, shop: Pick<ShopRow, 'id' | 'signup_plan'>, level: UserLevel | null | undefined): Promise<string | null> {
  if (!level || !BUY_BY_LEVELS.has(level)) return null;
  // The rate the product page's earning uses.
  return shopPlanRate(db, shop);
}

export interface BuyByPrice { unit_price: number; earning: number; contribution_margin: number }

/**
 * The net price of a unit (pure): null unless the item is a published, visible, priced dropshipping item and a rate
 * applies. The margin left after the discount is what the platform (and a promoter) still share.
 */
export function buyByPrice(p: Pick<OfferedProduct, 'is_dropshipping' | 'list_state' | 'hiden' | 'is_free' | 'hide_price' | 'list_price' | 'contribution_margin'>, rate: string | null): BuyByPrice | null {
  if (!rate || !p.is_dropshipping || p.list_state !== 'published' || p.hiden || p.is_free || p.hide_price) return null;
  const margin = Math.max(0, Math.min(p.contribution_margin, p.list_price));
  const earning = Math.min(resaleEarning(p.contribution_margin, rate), margin);
  return { unit_price: p.list_price - earning, earning, contribution_margin: margin - earning };
}

/** The net price or the refusal: 403 for a level that may not buy by, 400 for an item that cannot be bought so. */
export function requireBuyBy(p: Parameters<typeof buyByPrice>[0], rate: string | null, level: UserLevel | null | undefined): BuyByPrice {
  if (!level || !BUY_BY_LEVELS.has(level) || !rate) {
    throw new AppError('forbidden', 'Only level one and two users buy at the net price', { textKey: 'sharing.buyByRefused' });
  }
  const price = buyByPrice(p, rate);
  if (!price) throw new AppError('validation_error', 'This item cannot be bought at the net price', { fields: { buy_by: ['sharing.buyByRefused'] } });
  return price;
}
