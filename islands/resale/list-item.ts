// One row of the resale list (issue 26: one list for the store menu's 'Productos +' window and the reseller's
// workspace): an API item (src/domain/resale/schema.ts ResaleItem) made into what the row shows. Prices and
// earnings are formatted where the item is read (the workspace's server, the window's browser) and passed as text,
// so a hydrating row never formats again (no server/browser Intl difference to mismatch on).
import { itemHref } from '../../src/domain/catalog/schema.ts';
import type { ResaleItem } from '../../src/domain/resale/schema.ts';
import { candidateWidths, parseMediaUrl, variantSrcset } from '../../src/lib/shared/image-sizes.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { safeSrc } from '../../src/lib/shared/safe-url.ts';

export interface ResaleListItem {
  id: string;
  name: string;
  /** The item's page in this shop; null when faded (unpublished or hidden: not a link). */
  href: string | null;
  photo: string | null;
  /** WebP variants of a stored photo (the workspace's Img widths). */
  photoSrcSet: string | null;
  supplier: string | null;
  price: string;
  /** What the shop earns per sale at its plan's rate, formatted; null when not resellable. */
  earning: string | null;
  /** The same in minor units (the sort test reads it). */
  earningMinor: number | null;
  notForResale: boolean;
  faded: boolean;
  inStore: boolean;
  canAdd: boolean;
}

const money = (minor: number, currency: string, locale?: string | null) => { try { return formatMoney(minor, currency, locale); } catch { return ''; } };

export function toResaleListItem(it: ResaleItem, base: string, locale?: string | null): ResaleListItem {
  const photo = it.photo ? safeSrc(it.photo) ?? null : null;
  const media = photo ? parseMediaUrl(photo) : null;
  return {
    id: it.id, name: it.name, href: it.faded ? null : itemHref(base, it), photo,
    photoSrcSet: media?.kind === 'raster' ? variantSrcset(media.id, 'webp', candidateWidths(64, [96, 128])) : null,
    supplier: it.supplier?.name ?? null, price: money(it.list_price, it.currency, locale),
    earning: it.earning !== null ? money(it.earning, it.currency, locale) : null, earningMinor: it.earning,
    notForResale: !it.is_dropshipping, faded: it.faded, inStore: it.in_store, canAdd: it.resellable,
  };
}
