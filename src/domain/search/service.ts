// Search rules (seed 000 §5): a shop and a non-empty lower-cased text, otherwise nothing. Accents and case are
// ignored by the database (f_search_name); names that start with the text come first, then names with a word
// starting with it, then names containing it, then matches in tags and description and near misses.
import type { Db } from '../../db/client.ts';
import type { ItemSort, ItemType, ListItem } from '../catalog/schema.ts';
import type { ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import { normalizeSearchText } from './schema.ts';

export interface SearchOptions {
  text: string | null | undefined;
  type: ItemType;
  sort?: ItemSort;
  offset: number;
  limit: number;
}

export async function searchShopItems(db: Db, shop: Pick<ShopRow, 'id'> | null, opts: SearchOptions): Promise<{ results: ListItem[]; matches_estimated: number }> {
  const text = normalizeSearchText(opts.text);
  if (!shop || !text) return { results: [], matches_estimated: 0 };
  return repo.searchShopItems(db, shop.id, { text, type: opts.type, sort: opts.sort ?? 'queue_position', offset: opts.offset, limit: opts.limit });
}
