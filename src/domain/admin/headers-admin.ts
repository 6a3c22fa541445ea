// Shop administration: headers. Every call takes the admin context (context.ts).
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../shops/index.ts';
import { headerInfoSchema, storeThemeInfoSchema } from '../shops/index.ts';
import { normaliseLink } from '../../lib/shared/safe-url.ts';
import { ACTIVE_HEADER_ID } from '../../lib/shared/constants.ts';
import * as repo from './repo.ts';
import { headerInputSchema, type AdminHeader, type HeaderInput } from './schema.ts';
import { UUID, notFound, parseOrThrow, offeredProduct, themeOf, type AdminCtx } from './context.ts';

function headerView(h: repo.HeaderWithName): AdminHeader {
  return {
    id: h.id, title: h.title, subtitle: h.subtitle, description: h.description, action_type: h.action_type,
    url: h.url, button_label: h.button_label as AdminHeader['button_label'], product: h.product, product_name: h.product_name,
    product_supplier: h.product_supplier, target: h.target as AdminHeader['target'], active: h.active,
    created_at: h.created_at.toISOString(), updated_at: h.updated_at.toISOString(),
  };
}

/**
 * A shop showing a header that is not in its list (data written before the list existed, or straight into
 * store_theme_info): that header becomes the list's active row, so the admin can edit it (seed 000 §4).
 */
async function adoptShownHeader(db: Db, shop: ShopRow) {
  if (!themeOf(shop).header_info || await repo.hasActiveHeader(db, shop.id)) return;
  await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const h = themeOf(current).header_info;
    if (!h || await repo.hasActiveHeader(tx, shop.id)) return;
    const product = h.product && UUID.test(h.product) ? h.product : null;
    const id = await repo.insertHeader(tx, {
      shop_id: shop.id, title: h.title.trim().slice(0, 30) || '—', subtitle: h.subtitle, description: h.description, action_type: h.action_type,
      url: h.url, button_label: h.button_label, product, product_supplier: product && h.product_supplier && UUID.test(h.product_supplier) ? h.product_supplier : null,
      target: h.target,
    });
    await repo.setActiveHeader(tx, shop.id, id);
  });
}

export async function listHeaders({ db, shop }: AdminCtx, page: { offset: number; limit: number }) {
  // The list still answers if the shown header cannot be adopted (a product it names is gone, say).
  await adoptShownHeader(db, shop).catch((err: unknown) => console.warn('[admin] header not adopted into the list', err));
  const r = await repo.listHeaders(db, shop.id, page.offset, page.limit);
  return { results: r.results.map(headerView), matches_estimated: r.matches_estimated };
}

/** One header by id; `active` names the one the shop shows (its storefront pencil opens it: issue 27). */
export async function getHeader({ db, shop }: AdminCtx, id: string): Promise<AdminHeader> {
  if (id === ACTIVE_HEADER_ID) await adoptShownHeader(db, shop);
  const h = id === ACTIVE_HEADER_ID ? await repo.findActiveHeader(db, shop.id) : UUID.test(id) ? await repo.findHeader(db, shop.id, id.toLowerCase()) : null;
  if (!h) throw notFound('Header');
  return headerView(h);
}

/** Only the fields the action uses are kept: url for url, product for product, no button for none. */
async function headerRow(db: Db, shop: ShopRow, input: HeaderInput) {
  const product = input.action_type === 'product' && input.product ? await offeredProduct(db, shop, input.product) : null;
  return {
    title: input.title, subtitle: input.subtitle, description: input.description, action_type: input.action_type,
    url: input.action_type === 'url' && input.url ? normaliseLink(input.url) : null,
    button_label: input.action_type === 'none' ? null : input.button_label,
    product: product?.id ?? null, product_supplier: product?.owner ?? null, target: input.target,
  };
}

/** store_theme_info.header_info from the active header (null: none). */
async function writeHeaderInfo(tx: Db, shop: ShopRow, h: Awaited<ReturnType<typeof headerRow>> | null) {
  const theme = storeThemeInfoSchema.parse(shop.store_theme_info);
  const header_info = h ? headerInfoSchema.parse({
    title: h.title, subtitle: h.subtitle, description: h.description, action_type: h.action_type, url: h.url,
    product: h.product, product_supplier: h.product_supplier, button_label: h.button_label, target: h.target,
  }) : null;
  await repo.updateShop(tx, shop.id, { store_theme_info: storeThemeInfoSchema.parse({ ...theme, header_info }) });
}

export async function createHeader({ db, shop }: AdminCtx, input: HeaderInput): Promise<AdminHeader> {
  const row = await headerRow(db, shop, input);
  const id = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const newId = await repo.insertHeader(tx, { ...row, shop_id: shop.id });
    if (input.apply) {
      await repo.setActiveHeader(tx, shop.id, newId);
      await writeHeaderInfo(tx, current, row);
    }
    return newId;
  });
  return getHeader({ db, shop } as AdminCtx, id);
}

/** PATCH a header: the stored fields merged with the patch, checked by the same rules as a new one. */
export async function updateHeader({ db, shop }: AdminCtx, id: string, patch: Partial<HeaderInput>): Promise<AdminHeader> {
  const existing = UUID.test(id) ? await repo.findHeader(db, shop.id, id.toLowerCase()) : null;
  if (!existing) throw notFound('Header');
  const merged = parseOrThrow(headerInputSchema, {
    title: existing.title, subtitle: existing.subtitle, description: existing.description, action_type: existing.action_type,
    url: existing.url, button_label: existing.button_label, product: existing.product, target: existing.target, ...patch,
  });
  const row = await headerRow(db, shop, merged);
  await repo.withShopLocked(db, shop.id, async (tx, current) => {
    await repo.updateHeader(tx, shop.id, existing.id, row);
    if (merged.apply === true && !existing.active) await repo.setActiveHeader(tx, shop.id, existing.id);
    if (merged.apply === false && existing.active) {
      await repo.setActiveHeader(tx, shop.id, null);
      await writeHeaderInfo(tx, current, null);
    } else if (existing.active || merged.apply === true) {
      await writeHeaderInfo(tx, current, row);
    }
  });
  return getHeader({ db, shop } as AdminCtx, existing.id);
}

export async function deleteHeader({ db, shop }: AdminCtx, id: string): Promise<{ id: string; deleted: true }> {
  if (!UUID.test(id)) throw notFound('Header');
  const gone = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const row = await repo.deleteHeader(tx, shop.id, id.toLowerCase());
    if (row?.active) await writeHeaderInfo(tx, current, null);
    return row;
  });
  if (!gone) throw notFound('Header');
  return { id: gone.id, deleted: true };
}

/** Makes a header the shop's active one (its fields become store_theme_info.header_info), or clears it. */
export async function applyHeader({ db, shop }: AdminCtx, id: string, active = true): Promise<AdminHeader> {
  const existing = UUID.test(id) ? await repo.findHeader(db, shop.id, id.toLowerCase()) : null;
  if (!existing) throw notFound('Header');
  const input = parseOrThrow(headerInputSchema, {
    title: existing.title, subtitle: existing.subtitle, description: existing.description, action_type: existing.action_type,
    url: existing.url, button_label: existing.button_label, product: existing.product, target: existing.target,
  });
  const row = active ? await headerRow(db, shop, input) : null;
  await repo.withShopLocked(db, shop.id, async (tx, current) => {
    if (active) {
      await repo.setActiveHeader(tx, shop.id, existing.id);
      await writeHeaderInfo(tx, current, row);
    } else if (existing.active) {
      await repo.setActiveHeader(tx, shop.id, null);
      await writeHeaderInfo(tx, current, null);
    }
  });
  return getHeader({ db, shop } as AdminCtx, existing.id);
}
