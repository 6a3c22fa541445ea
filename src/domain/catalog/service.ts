// Catalogue and item listing rules for a shop.
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../shops/repo.ts';
import * as repo from './repo.ts';

export function listShopItems(db: Db, shop: ShopRow, opts: { type: 'product' | 'service' | 'experience'; offset: number; limit: number; sort?: string }) {
  return repo.listShopItems(db, shop.id, { ...opts, sort: opts.sort ?? 'queue_position' });
}

export function listShopCatalogues(db: Db, shop: ShopRow, offset: number, limit: number) {
  return repo.listCatalogues(db, shop.id, offset, limit);
}

export function sitemapEntries(db: Db, shop: ShopRow) {
  return repo.sitemapRows(db, shop.id);
}
